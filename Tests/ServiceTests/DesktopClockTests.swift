import DBusKit
import Foundation
import Glibc
@testable import LocalSettings
import TestHarness
import Testing

/// The clock of a session whose caller did not choose one: on GNOME the top bar's setting
/// (`org.gnome.desktop.interface clock-format`, written by the real dconf through its
/// D-Bus service, as GNOME Settings writes it), elsewhere the locale's.
@Suite("The desktop's clock")
struct DesktopClockTests {
    /// A configuration directory, and the bus's dconf service writing into it.
    final class Settings {
        let directory: URL
        var environment: [String: String] { ["XDG_CONFIG_HOME": directory.path] }

        init() throws { directory = try makeTemporaryDirectory(prefix: "config") }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Gets the bus to start dconf's service (ca.desrt.dconf) writing into `directory`.
        func install(on bus: PrivateBus) throws {
            try FileManager.default.copyItem(
                atPath: "/usr/share/dbus-1/services/ca.desrt.dconf.service",
                toPath: bus.serviceDirectory.appendingPathComponent("ca.desrt.dconf.service").path)
            try bus.updateActivationEnvironment(environment)
        }

        /// `dconf write KEY VALUE` on `bus`, as GNOME Settings changes the key.
        func write(_ key: String, _ value: String, on bus: PrivateBus) throws {
            let result = try CapturedCommand.run(
                "/usr/bin/dconf", ["write", key, value], environment: bus.environment.merging(environment) { $1 },
                directory: bus.directory, seconds: 20)
            guard result.termination == .exited(0) else { throw HarnessError("dconf write failed: \(result.stderr)") }
        }
    }

    static let key = "/org/gnome/desktop/interface/clock-format"

    @Test("On GNOME the notification's times follow clock-format as it changes; the caller's clock option still wins")
    func gnome() throws {
        let settings = try Settings()
        let fixture = try NotificationFixture(
            environment: settings.environment.merging(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "LC_ALL": "C.UTF-8"]) { $1 },
            prepare: settings.install)
        let mock = try fixture.mock
        try settings.write(Self.key, "'12h'", on: fixture.bus)
        let twelve = try fixture.showPicker("Twelve", token: "twelve").shown
        #expect(twelve.body.contains("Start: 1:00 AM"), "\(twelve.body)")
        let chosen = try fixture.showPicker("Chosen", token: "chosen", ["clock": .string("24h")]).shown
        #expect(chosen.body.contains("Start: 01:00"), "\(chosen.body)")

        try settings.write(Self.key, "'24h'", on: fixture.bus)
        let twentyFour = try fixture.showPicker("TwentyFour", token: "twentyfour").shown
        #expect(twentyFour.body.contains("Start: 01:00"), "\(twentyFour.body)")
        #expect(mock.receivedCalls().filter { $0.method == "Notify" }.count == 3)
    }

    @Test("On GNOME the clock the person set wins over the caller's locale; with none set, the caller's locale decides, else GNOME's 24 hours")
    func gnomeAndCallersLocale() throws {
        let settings = try Settings()
        let fixture = try NotificationFixture(
            environment: settings.environment.merging(["XDG_CURRENT_DESKTOP": "GNOME", "LC_ALL": "C.UTF-8"]) { $1 },
            prepare: settings.install)
        let american = try fixture.showPicker("American", token: "american", ["locale": .string("en_US.UTF-8")]).shown
        #expect(american.body.contains("Start: 1:00 AM"), "nothing set: the caller's locale: \(american.body)")
        let plain = try fixture.showPicker("Plain", token: "plain").shown
        #expect(plain.body.contains("Start: 01:00"), "nothing set, no locale: GNOME's 24 hours: \(plain.body)")
        try settings.write(Self.key, "'12h'", on: fixture.bus)
        let german = try fixture.showPicker("German", token: "german", ["locale": .string("de_DE.UTF-8")]).shown
        #expect(german.body.contains("1:00"), "set to 12h: wins over a 24-hour locale: \(german.body)")
        #expect(!german.body.contains("01:00"), "\(german.body)")
        try settings.write(Self.key, "'24h'", on: fixture.bus)
        let americanAgain = try fixture.showPicker("Again", token: "again", ["locale": .string("en_US.UTF-8")]).shown
        #expect(americanAgain.body.contains("Start: 01:00"), "set to 24h: wins over a 12-hour locale: \(americanAgain.body)")
    }

    @Test("The database dconf wrote reads back; cut short or damaged anywhere, it reads as nothing or as something, never past its end")
    func damagedDatabase() throws {
        let settings = try Settings()
        let bus = try PrivateBus()
        try settings.install(on: bus)
        try settings.write(Self.key, "'12h'", on: bus)
        try settings.write("/org/gnome/desktop/interface/color-scheme", "'prefer-dark'", on: bus)
        let bytes = [UInt8](try Data(contentsOf: settings.directory.appendingPathComponent("dconf/user")))
        #expect(DconfDatabase(contents: bytes)?.string(at: Self.key) == "12h")
        #expect(DconfDatabase(contents: bytes)?.string(at: "/org/gnome/desktop/interface/color-scheme") == "prefer-dark")
        #expect(DconfDatabase(contents: bytes)?.string(at: "/org/gnome/desktop/interface/") == nil, "a directory holds no string")
        #expect(DconfDatabase(contents: bytes)?.string(at: "/org/gnome/desktop/interface/clock") == nil)
        for length in 0..<bytes.count {
            _ = DconfDatabase(contents: Array(bytes.prefix(length)))?.string(at: Self.key)
        }
        for index in bytes.indices {
            for value: UInt8 in [0x00, 0xFF, 0x7F] {
                var damaged = bytes
                damaged[index] = value
                _ = DconfDatabase(contents: damaged)?.string(at: Self.key)
            }
        }
    }

    /// A GVDB file of `items` (each its parent, where its key's part is and how long, its type,
    /// its value), and `data` after them for keys and values to point into.
    static func crafted(_ items: [(parent: UInt32, keyStart: Int, keySize: Int, type: UInt8, value: Range<Int>)], data: [UInt8]) -> (bytes: [UInt8], dataStart: Int) {
        func le(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let rootStart = 24
        let itemsStart = rootStart + 8
        let dataStart = itemsStart + items.count * 24
        var bytes = Array("GVariant".utf8) + le(0) + le(0) + le(rootStart) + le(dataStart)
        bytes += le(0) + le(0)
        for item in items {
            bytes += le(0) + le(Int(item.parent)) + le(dataStart + item.keyStart)
            bytes += [UInt8(item.keySize & 0xFF), UInt8(item.keySize >> 8), item.type, 0]
            bytes += le(dataStart + item.value.lowerBound) + le(dataStart + item.value.upperBound)
        }
        return (bytes + data, dataStart)
    }

    /// Files made to make a reader walk for ever: items that are their own parents, a ring, a
    /// chain of 64 KiB keys, a long chain of big keys.
    static var hostileDatabases: [(name: String, bytes: [UInt8])] {
        let loop = (0..<10_000).map { (parent: UInt32($0), keyStart: 0, keySize: 1, type: UInt8(ascii: "v"), value: 0..<0) }
        let ring = (0..<10_000).map { (parent: UInt32(($0 + 1) % 10_000), keyStart: 0, keySize: 0, type: UInt8(ascii: "v"), value: 0..<0) }
        let wide = (0..<300).map { (parent: $0 == 0 ? UInt32.max : UInt32($0 - 1), keyStart: 0, keySize: 0xFFFF, type: UInt8(ascii: "L"), value: 0..<0) }
        let long = (0..<1_000).map { (parent: $0 == 0 ? UInt32.max : UInt32($0 - 1), keyStart: 0, keySize: 4096, type: UInt8(ascii: "L"), value: 0..<0) }
        let keys = [UInt8](repeating: UInt8(ascii: "/"), count: 0xFFFF)
        return [
            ("10,000 items, each its own parent", crafted(loop, data: keys).bytes),
            ("a ring of 10,000 items", crafted(ring, data: keys).bytes),
            ("a 300-item chain of 64 KiB keys", crafted(wide, data: keys).bytes),
            ("a 1,000-item chain of 4 KiB keys", crafted(long, data: keys).bytes),
        ]
    }

    @Test("Crafted databases read as unset at once (each item visited once, the work bounded); a 1,000-item chain that spells the key is still read")
    func hostileDatabasesReadAsUnset() throws {
        for (name, bytes) in Self.hostileDatabases {
            let started = monotonicNanoseconds()
            #expect(DconfDatabase(contents: bytes)?.string(at: Self.key) == nil, "\(name)")
            print("  \(name): read in \(String(format: "%.1f", secondsSince(started) * 1000)) ms")
        }
        // The key's directory, 998 items with empty parts below it, the key's last part, its value.
        let directory = Array("/org/gnome/desktop/interface/".utf8)
        let name = Array("clock-format".utf8)
        let value: [UInt8] = Array("12h".utf8) + [0, 0, UInt8(ascii: "s")]
        var items = [(parent: UInt32.max, keyStart: 0, keySize: directory.count, type: UInt8(ascii: "L"), value: 0..<0)]
        items += (1..<999).map { (parent: UInt32($0 - 1), keyStart: 0, keySize: 0, type: UInt8(ascii: "L"), value: 0..<0) }
        items.append((parent: 998, keyStart: directory.count, keySize: name.count, type: UInt8(ascii: "v"),
                      value: directory.count + name.count..<directory.count + name.count + value.count))
        #expect(DconfDatabase(contents: Self.crafted(items, data: directory + name + value).bytes)?.string(at: Self.key) == "12h")
    }

    @Test("On GNOME, with a crafted ~/.config/dconf/user, the daemon answers within 100 ms")
    func hostileDatabasesAnswered() throws {
        let settings = try Settings()
        let fixture = try Fixture(
            arguments: ["--ui", "notification"], withTerminal: false,
            environment: settings.environment.merging(["XDG_CURRENT_DESKTOP": "GNOME", "LC_ALL": "C.UTF-8"]) { $1 })
        let database = settings.directory.appendingPathComponent("dconf/user")
        try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try fixture.client.showTimePicker(["clock": .string("24h")])
        for (name, bytes) in Self.hostileDatabases {
            // A new file each time (written aside, then renamed): the daemon reads it again.
            let written = database.appendingPathExtension("new")
            try Data(bytes).write(to: written)
            guard rename(written.path, database.path) == 0 else { throw HarnessError("rename: errno \(errno)") }
            let started = monotonicNanoseconds()
            _ = try fixture.client.showTimePicker([:])
            let answered = secondsSince(started)
            print("  \(name): answered after \(String(format: "%.1f", answered * 1000)) ms")
            if SanitizerBuild.measuresFigures { #expect(answered < 0.1, "\(name): \(Int(answered * 1000)) ms") }
        }
    }

    @Test("Not on GNOME, the GNOME setting is not read: the locale's clock")
    func elsewhere() throws {
        let settings = try Settings()
        let fixture = try NotificationFixture(
            environment: settings.environment.merging(["XDG_CURRENT_DESKTOP": "XFCE", "LC_ALL": "C.UTF-8"]) { $1 },
            prepare: settings.install)
        try settings.write(Self.key, "'12h'", on: fixture.bus)
        let shown = try fixture.showPicker("Xfce", token: "xfce").shown
        #expect(shown.body.contains("Start: 01:00"), "C.UTF-8 has a 24-hour time format: \(shown.body)")
    }
}
