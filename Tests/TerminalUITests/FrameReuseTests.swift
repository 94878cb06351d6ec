import EventLoop
import Glibc
import TerminalUI
import Testing
import TimePickerCore

/// A frame kept from the session or the drawing before draws what a frame made anew draws.
@Suite("Frames used again")
struct FrameReuseTests {
    /// One call of `render`: what it is given.
    private struct Drawing {
        var state: PickerState
        var columns = 80
        var rows = 24
        var placement = FramePlacement.alternateScreen
        var waiting: [String] = []
        var now = 0
        var resized = false
    }

    private func bytes(_ drawing: Drawing, by frame: PickerFrame) -> [UInt8] {
        frame.render(
            drawing.state, size: TerminalSize(columns: drawing.columns, rows: drawing.rows), placement: drawing.placement,
            waiting: drawing.waiting, now: drawing.now, resized: drawing.resized)
    }

    @Test("One frame drawing state after state, size after size, gives what a new frame gives each time")
    func drawingAgain() throws {
        var picker = try model()
        picker.deadline = 100_000
        var drawings = [Drawing(state: picker.state)]
        drawings.append(Drawing(state: picker.state, now: 1_000))
        drawings.append(Drawing(state: picker.state, now: 1_500))
        drawings.append(Drawing(state: picker.state, columns: 40, rows: 12))
        drawings.append(Drawing(state: picker.state, columns: 24, rows: 6))
        drawings.append(Drawing(state: picker.state, columns: 12, rows: 4))
        drawings.append(Drawing(state: picker.state, placement: .inline))
        drawings.append(Drawing(state: picker.state, placement: .inline, resized: true))
        drawings.append(Drawing(state: picker.state, waiting: ["Next 1"]))
        drawings.append(Drawing(state: picker.state, waiting: ["Next 2"]))
        _ = picker.apply(.move(by: 1))
        drawings.append(Drawing(state: picker.state))
        _ = picker.apply(.switchFocus)
        drawings.append(Drawing(state: picker.state))
        _ = picker.apply(.type("1"))
        drawings.append(Drawing(state: picker.state))
        let frame = PickerFrame(options: picker.options)
        for drawing in drawings + drawings.reversed() + drawings {
            #expect(bytes(drawing, by: frame) == bytes(drawing, by: PickerFrame(options: picker.options)))
        }
    }

    @Test("Each session after another on the same terminal shows its own title, day and who asked")
    func sessionsInTurn() throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
        defer {
            close(controller)
            close(terminal)
        }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(terminal, UInt(TIOCSWINSZ), &size) == 0)
        try #require(fcntl(controller, F_SETFL, O_NONBLOCK) == 0)
        let loop = EventLoop()
        let frontEnd = try TerminalFrontEnd(input: terminal, output: terminal, loop: loop, owner: .caller)
        defer { frontEnd.shutdown {} }
        var asked = try options(["title": .string("Same title")])
        asked.requester = .vouched("Firefox")
        var askedByAnother = asked
        askedByAnother.requester = .claimed("Thunderbird")
        let dated = ["title": OptionValue.string("Same title"), "time_zone": .string("Europe/Berlin")]
        let sessions = [
            try options([:]), try options(["title": .string("Same title")]), asked, askedByAnother,
            try options(dated.merging(["date": .string("2026-03-28")]) { $1 }), try options(dated.merging(["date": .string("2026-03-29")]) { $1 }),
            try options(["title": .string("Other title")]), try options([:]),
        ]
        for (number, sessionOptions) in sessions.enumerated() {
            let id = PickerSessionID(UInt64(number + 1))
            let state = PickerModel(options: sessionOptions).state
            frontEnd.show(id, state)
            for _ in 0..<3 { loop.runOnce(maximumWaitMilliseconds: 10) }
            // What a frame made for this session alone draws.
            let expected = PickerFrame(options: sessionOptions).render(state, size: TerminalSize(columns: 80, rows: 24), placement: .inline)
            let shown = drained(controller)
            #expect(contains(shown, expected), "session \(number + 1): \(plainText(String(decoding: shown, as: UTF8.self)).debugDescription)")
            frontEnd.withdraw(id)
            for _ in 0..<3 { loop.runOnce(maximumWaitMilliseconds: 10) }
            _ = drained(controller)
        }
    }

    /// Whether `bytes` hold `part` somewhere, in one piece.
    private func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty, bytes.count >= part.count else { return part.isEmpty }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// Everything the terminal has written so far.
    private func drained(_ controller: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            guard count > 0 else { return bytes }
            bytes += buffer.prefix(count)
        }
    }
}
