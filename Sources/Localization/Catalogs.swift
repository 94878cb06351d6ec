internal import CLinux
internal import Glibc
internal import SystemKit

/// Where the translations are: one `timepickerd.mo` per language under a locale directory.
public enum Catalogs {
    /// The gettext domain of every string a person reads.
    public static let domain = "timepickerd"

    /// Tells gettext where the catalogs are and that they are read as UTF-8: the directory in
    /// `TIMEPICKERD_LOCALEDIR` when set (the tests' build), else `share/locale` beside the
    /// executable's `bin` (/usr/bin → /usr/share/locale, /usr/local/bin → /usr/local/share/locale).
    ///
    /// LANGUAGE is cleared: glibc's gettext would let it win over every session's own locale.
    public static func bind() {
        unsetenv("LANGUAGE")
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The locale directory `bind` uses.
    public static var directory: String {
        if let value = getenv("TIMEPICKERD_LOCALEDIR"), value.pointee != 0 { return String(cString: value) }
        guard let executable = symbolicLinkTarget(atPath: "/proc/self/exe") else { return "/usr/share/locale" }
        let bin = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return bin.dropLast().joined(separator: "/") + "/share/locale"
    }
}
