import Glibc
import SystemKit
import Testing

/// Setting a terminal's settings with one system call leaves it as tcsetattr does.
@Suite("Terminal settings")
struct TerminalSettingsTests {
    /// A pseudo-terminal's two sides, closed when the test ends.
    private final class Terminal {
        var controller: Int32 = -1
        var terminal: Int32 = -1

        init() throws {
            try #require(openpty(&controller, &terminal, nil, nil, nil) == 0)
        }

        deinit {
            close(controller)
            close(terminal)
        }

        var settings: termios {
            var settings = termios()
            tcgetattr(terminal, &settings)
            return settings
        }
    }

    /// What the kernel keeps of `settings`: the flags, the line discipline, its 19 control
    /// characters and the speeds.
    private func kept(_ settings: termios) -> [UInt64] {
        var settings = settings
        let characters = withUnsafeBytes(of: &settings.c_cc) { Array($0.prefix(19)).map(UInt64.init) }
        return [settings.c_iflag, settings.c_oflag, settings.c_cflag, settings.c_lflag].map(UInt64.init)
            + [UInt64(settings.c_line)] + characters + [UInt64(cfgetispeed(&settings)), UInt64(cfgetospeed(&settings))]
    }

    @Test("Raw mode, other speeds and control characters read back as tcsetattr's, and back again")
    func sameAsTcsetattr() throws {
        let byLibrary = try Terminal()
        let byOneCall = try Terminal()
        let original = byLibrary.settings
        var changed = original
        changed.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        changed.c_iflag &= ~tcflag_t(IXON | ICRNL)
        changed.c_oflag &= ~tcflag_t(ONLCR)
        cfsetospeed(&changed, speed_t(B9600))
        cfsetispeed(&changed, speed_t(B9600))
        withUnsafeMutableBytes(of: &changed.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
            characters[Int(VSUSP)] = 0
        }
        for settings in [changed, original] {
            #expect(tcsetattr(byLibrary.terminal, TCSANOW, [settings]) == 0)
            #expect(setTerminalSettingsNow(byOneCall.terminal, settings))
            #expect(kept(byOneCall.settings) == kept(byLibrary.settings))
        }
        #expect(kept(byOneCall.settings) == kept(original))
    }

    @Test("A descriptor that is no terminal is refused")
    func notATerminal() {
        #expect(!setTerminalSettingsNow(-1, termios()))
    }
}
