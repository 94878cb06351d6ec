import CGtk
@testable import GtkDialogBackend
import Testing
import TimePickerCore

@Suite("Keys in a dialog's columns")
struct ColumnKeyTests {
    @Test("Keys the columns handle, and the ones left to GTK")
    func keys() {
        let none = GdkModifierType(rawValue: 0)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Down), modifiers: none) == .event(.move(by: 1)))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_KP_Up), modifiers: none) == .event(.move(by: -1)))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Page_Down), modifiers: none) == .event(.moveByHour(1)))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Home), modifiers: none) == .event(.moveToFirst))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_End), modifiers: none) == .event(.moveToLast))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Right), modifiers: none) == .otherColumn)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Tab), modifiers: none) == .tab(forward: true))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_ISO_Left_Tab), modifiers: GDK_SHIFT_MASK) == .tab(forward: false))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Down), modifiers: GDK_CONTROL_MASK) == nil)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Return), modifiers: none) == nil)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_Escape), modifiers: none) == nil)
        // Typing a time: digits (the keypad's too), ':', the letters of am and pm, Backspace.
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_9), modifiers: none) == .event(.type("9")))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_KP_5), modifiers: none) == .event(.type("5")))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_colon), modifiers: GDK_SHIFT_MASK) == .event(.type(":")))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_p), modifiers: none) == .event(.type("p")))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_BackSpace), modifiers: none) == .event(.erase))
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_x), modifiers: none) == nil)
        #expect(ColumnKey(keyval: UInt32(GDK_KEY_9), modifiers: GDK_CONTROL_MASK) == nil)
    }
}
