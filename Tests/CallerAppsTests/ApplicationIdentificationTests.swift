@testable import CallerApps
import Testing

/// How the system's word on a process's application is read: a sandbox's info file, a systemd
/// unit's name, a desktop entry's translated Name.
@Suite("Callers' applications: Flatpak info, systemd units, desktop entries")
struct ApplicationIdentificationTests {
    @Test("A sandbox's .flatpak-info names its app in [Application]; nothing else, and nothing unsafe, counts")
    func flatpakInfo() {
        let info = "[Application]\nname=org.example.Picker\nruntime=runtime/org.gnome.Platform/x86_64/43\n\n[Instance]\ninstance-id=1\n"
        #expect(ApplicationIdentification.flatpakAppID(in: info) == "org.example.Picker")
        #expect(ApplicationIdentification.flatpakAppID(in: "[Instance]\nname=org.example.Other\n") == nil)
        #expect(ApplicationIdentification.flatpakAppID(in: "[Application]\nname=../../etc/passwd\n") == nil)
        #expect(ApplicationIdentification.flatpakAppID(in: "[Application]\nname=org.example.\u{1B}[2J\n") == nil)
        #expect(ApplicationIdentification.flatpakAppID(in: "") == nil)
    }

    @Test("systemd's units for desktop apps: app[-LAUNCHER]-ID-RANDOM.scope, app[-LAUNCHER]-ID[@RANDOM].service, snap.NAME.APP")
    func units() {
        let cases: [(String, String?)] = [
            ("0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-org.gnome.Terminal-4142.scope", "org.gnome.Terminal"),
            ("0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.kde.konsole@a1b2c3.service", "org.kde.konsole"),
            ("0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.example.App.service", "org.example.App"),
            ("0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-my\\x2dapp-77.scope", "my-app"),
            ("0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-flatpak-org.example.Flat-99.scope", "org.example.Flat"),
            ("0::/user.slice/user-1000.slice/user@1000.service/app.slice/dbus.service", nil),
            ("0::/user.slice/user-1000.slice/session-2.scope", nil),
            ("0::/", nil),
            ("1:name=systemd:/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-org.example.Old-5.scope\n0::/", "org.example.Old"),
        ]
        for (cgroup, expected) in cases {
            #expect(ApplicationIdentification.unitApplication(inCgroup: cgroup)?.id == expected, "\(cgroup)")
        }
        let snap = ApplicationIdentification.unitApplication(inCgroup: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/snap.firefox.firefox-0f3c.scope")
        #expect(snap?.id == "firefox" && snap?.isSnap == true)
        #expect(ApplicationIdentification.unitApplication(inCgroup: "0::/app.slice/app-gnome-org.gnome.Terminal-4142.scope")?.isSnap == false)
    }

    @Test("A snap is the system's word only by its AppArmor profile; a unit's name, snap's or app's, is the program's own")
    func vouchedOrClaimed() {
        #expect(ApplicationIdentification.snapName(inAppArmorLabel: "snap.firefox.firefox (enforce)\n") == "firefox")
        #expect(ApplicationIdentification.snapName(inAppArmorLabel: "snap.lxd.hook.configure (complain)") == "lxd")
        #expect(ApplicationIdentification.snapName(inAppArmorLabel: "unconfined\n") == nil)
        #expect(ApplicationIdentification.snapName(inAppArmorLabel: "snap.firefox (enforce)") == nil)
        #expect(ApplicationIdentification.snapName(inAppArmorLabel: "system_u:system_r:unconfined_t:s0") == nil)
        #expect(CallerApplication(id: "org.example.Flat", source: .flatpak, displayName: nil).isVouched)
        #expect(CallerApplication(id: "firefox", source: .snap, displayName: nil).isVouched)
        #expect(!CallerApplication(id: "org.mozilla.firefox", source: .systemdUnit, displayName: "Firefox").isVouched)
        #expect(!CallerApplication(id: "firefox", source: .executable, displayName: nil).isVouched)
    }

    @Test("A desktop entry's Name in the person's language: de_DE@euro, de_DE, de, then the untranslated one")
    func desktopNames() {
        let entry = """
            [Desktop Entry]
            Type=Application
            Name=Example Picker
            Name[de]=Beispielwähler
            Name[pt_BR]=Seletor de exemplo
            GenericName=Picker

            [Desktop Action new]
            Name[fr]=Pas celui-ci
            """
        #expect(ApplicationIdentification.desktopEntryName(in: entry, languages: ["de_DE.UTF-8"]) == "Beispielwähler")
        #expect(ApplicationIdentification.desktopEntryName(in: entry, languages: ["pt_BR.UTF-8"]) == "Seletor de exemplo")
        #expect(ApplicationIdentification.desktopEntryName(in: entry, languages: ["pt_PT.UTF-8"]) == "Example Picker")
        #expect(ApplicationIdentification.desktopEntryName(in: entry, languages: ["fr_FR.UTF-8", "de"]) == "Beispielwähler")
        #expect(ApplicationIdentification.desktopEntryName(in: entry, languages: []) == "Example Picker")
        #expect(ApplicationIdentification.desktopEntryName(in: "[Desktop Action x]\nName=No\n", languages: []) == nil)
        #expect(ApplicationIdentification.localeCandidates("sr_RS.UTF-8@latin") == ["sr_RS@latin", "sr_RS", "sr@latin", "sr"])
    }

    @Test("Desktop entries are looked for in XDG_DATA_HOME, then each of XDG_DATA_DIRS, or their defaults")
    func directories() {
        #expect(CallerApplicationLookup.applicationDirectories(["HOME": "/home/a"])
            == ["/home/a/.local/share/applications", "/usr/local/share/applications", "/usr/share/applications"])
        #expect(CallerApplicationLookup.applicationDirectories(["XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/x:relative:/y"])
            == ["/d/applications", "/x/applications", "/y/applications"])
    }
}
