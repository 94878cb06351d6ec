# timepickerd: `make run` and `make test` set up everything they need on Debian, then do their job.
# What only compiles and installs (build, release, man, catalogs, install) needs the Swift
# toolchain and the libraries, wherever they come from: no dpkg, no apt-get.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
# The programs read the catalogs from share/locale beside their bin (Localization's Catalogs).
LOCALEDIR ?= $(DATADIR)/locale
# systemd --user searches $(DATADIR)/systemd/user for /usr, /usr/local and ~/.local alike
# (`systemd-analyze --user unit-paths`); the package uses /usr/lib/systemd/user.
USERUNITDIR ?= $(DATADIR)/systemd/user
# Where each shell looks for completions under PREFIX (zsh: $(DATADIR)/zsh/site-functions is
# in zsh's fpath for /usr/local; the package uses Debian's /usr/share/zsh/vendor-completions).
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
DESTDIR ?=
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=
# The build `make install` installs; the tests install a debug build to check the result.
CONFIGURATION ?= release
# Release binaries carry the Swift runtime inside: about 2 MiB less resident than loading
# the shared Swift libraries, for a daemon that runs all day (see the benchmark).
# So they need no $ORIGIN run path either (which Debian's lintian refuses). Their global offset
# table is read-only once loaded (relro and bind-now, Debian's hardening).
RELEASE_FLAGS = --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now
STATIC_STDLIB = $(if $(filter release,$(CONFIGURATION)),$(RELEASE_FLAGS))
# The data files name the /usr/local paths; install rewrites them for PREFIX.
REWRITE_PATHS = sed -e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local/share|$(DATADIR)|g'
# The man pages, built by scdoc from man/NAME.SECTION.scd into .build/man/NAME.SECTION.
MAN_PAGES := $(patsubst man/%.scd,.build/man/%,$(wildcard man/*.scd))

# What the Swift toolchain itself needs on Debian 12, found by running it on a minbase system
# and watching what `swift build` and `swift test` open (Swift's Docker image for Debian 12
# lists more: headers for building other packages). To run at all, the swift driver loads
# libncurses.so.6 and libsqlite3.so.0, swift-build and swift-test libcurl.so.4 and libxml2.so.2
# too (libncurses6, libsqlite3-0, libcurl4, libxml2). To compile, glibc's headers, start files
# and libraries (libc6-dev: without it swiftc says "libc not found"). To link, GCC's start
# files and libgcc (libgcc-12-dev: crtbeginS.o) and ld.gold, which swiftc's clang runs
# (binutils). `deps` installs these; `make run` and `make test` run it before they run swift.
TOOLCHAIN_PACKAGES := libncurses6 libsqlite3-0 libcurl4 libxml2 libc6-dev libgcc-12-dev binutils
# Debian packages the build and the tests need: libdbus for the service;
# dbus-daemon for private buses; python3-dbusmock for a mock notification server; busctl
# (systemd) and gdbus (libglib2.0-bin) for tests that call it the way people do; the user bus's
# dbus.socket (dbus-user-session), which `systemd-analyze verify --user` of the unit needs (a
# Type=dbus unit requires it: "Unit dbus.socket not found" without it); setpriv
# (util-linux) to call as another user; xmllint to validate the interface file. For the man
# pages: scdoc, and man-db to check them. For the package: dpkg-dev (dpkg-shlibdeps,
# dpkg-gencontrol), binutils (strip), lintian. For the completions' tests: bash-completion, zsh,
# fish. For the examples' tests: python3-gi with GLib's typelib, gjs, a C compiler with sd-bus.
# For the desktop's clock on GNOME: dconf and its D-Bus service, which write GNOME's settings.
# For the translations: gettext (xgettext, msgfmt) and every locale compiled (locales-all),
# so that the tests can show pickers in German, French and the rest; localedef's sources and
# character maps (locales), with which the tests compile a locale archive and LOCPATH
# directories of their own. The time-zone database (tzdata: the TZif files the daemon reads
# zones from, and the tests compare with glibc and compile slim with zic).
# The dialog backend: GTK 4 and libadwaita; for its tests and `make screenshots` a virtual
# display (xvfb, xauth), the accessibility bus (at-spi2-core, python3-pyatspi), X11 input and
# properties (xdotool, x11-utils, python3-xlib). For `make bench`: zenity, the dialog a script
# would otherwise show, timed against the backend's; python3-dbus and python3-gi, which the
# Python reference of the service runs on; gcc, which builds the allocation counter. Unicode's
# character database (unicode-data), which the terminal's table of wide characters
# (`make width-table`) and the titles' table of invisible characters (`make ignorable-table`)
# are generated from. desktop-file-validate (desktop-file-utils) for the desktop entry.
# libtimepicker (lib/): GLib's headers and pkg-config file (libglib2.0-dev), the introspection
# scanner and compiler (gobject-introspection, libgirepository1.0-dev: g-ir-scanner, g-ir-compiler,
# GObject-2.0.gir), Vala's compiler and vapigen for the VAPI made from the GIR and the Vala
# example (valac), GJS and PyGObject for the tests that use it from those languages (above).
APT_PACKAGES := libdbus-1-dev pkg-config dbus-daemon python3-dbusmock python3-dbus systemd dbus-user-session \
	libglib2.0-bin util-linux libxml2-utils scdoc man-db dpkg-dev binutils lintian desktop-file-utils \
	bash-completion zsh fish python3-gi gir1.2-glib-2.0 gjs gcc libsystemd-dev \
	libgtk-4-dev libadwaita-1-dev xvfb xauth at-spi2-core python3-pyatspi python3-xlib xdotool x11-utils \
	zenity unicode-data dconf-cli dconf-service gettext locales-all locales tzdata \
	libglib2.0-dev gobject-introspection libgirepository1.0-dev valac
# The desktops `make test-desktops` runs the daemon on: GNOME Shell 43 (headless, on Wayland)
# and xfce4-notifyd (on a virtual display); and Orca 43, GNOME's screen reader, which reads the
# dialog (it brings speech-dispatcher, given its dummy module: no sound is made). About 60 MB
# to download. KDE Plasma 5.27's shell, plasmashell, on a virtual display: its notification
# server is the one with a reply field (inline-reply), where a range is typed; plasma-workspace
# has plasmashell, its notifications applet and the activity manager it needs, plasma-desktop
# the desktop shell it loads (about 230 MB more to download, 290 packages: some two minutes to
# install, half a minute to test), installed without what they recommend (a whole Plasma
# desktop: 180 packages more). Installed only there.
DESKTOP_PACKAGES := gnome-shell xfce4-notifyd orca metacity
DESKTOP_PACKAGES_WITHOUT_RECOMMENDS := plasma-workspace plasma-desktop
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release run test test-desktops check-po po catalogs check-data check-man check-deb install uninstall man deb deb-check \
	clean leakcheck sanitize fuzz fuzz-merge bench bench-instructions screenshots width-table ignorable-table fresh-check

all: build

# The client library libtimepicker-1 (C, GObject introspection, VAPI): `make lib`, `make install-lib`.
include lib/lib.mk

# A shell command that installs those of the Debian packages $(1) that are missing (quick when
# all are there), with apt-get's options $(2): for `deps`, and for targets outside `make test`
# that need more.
install-missing = missing=""; \
	for package in $(1); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) $$missing >/dev/null; \
	fi

## Installs the Debian packages above that are missing (once; quick when all are there). What
## runs the tests, the checks or Debian's programs depends on it, first, so that on Debian
## nothing has to be installed by hand; what only compiles does not, so that it works wherever
## the toolchain and the libraries are.
deps:
	@$(call install-missing,$(sort $(TOOLCHAIN_PACKAGES) $(APT_PACKAGES)))

build:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

## The whole package built for release with the Swift runtime inside, as a packager builds it:
## the programs, the bench, the examples and the test-support libraries (which import no test
## framework: the static standard library has no module of Swift Testing).
release:
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS)

## Runs the daemon in this terminal, on the session bus or on a private one started for it.
## (deps: the README promises a newcomer that it installs what is missing; dbus-daemon.)
run: deps build
	@scripts/run-dev.sh "$$($(SWIFT) build --show-bin-path)/timepickerd"

## The whole test suite: unit tests, the daemon on private buses (the examples and the shell
## completions too), the data files, the man pages and the Debian package.
## The floods and loads keep both cores busy for seconds: they run after the rest, so that
## they never share the machine with the tests that measure how soon an answer comes. The Swift
## library's suites run there too, in that process of their own: the library answers on the
## main queue, which the rest's main-actor suites (DialogBackendTests) hold for long stretches
## (minutes under a sanitizer).
LOAD_TESTS := \.(DialogFloodTests|DialogBackendLoadTests|NotificationFloodTests|SwiftLibraryTests|SwiftLibraryMisuseTests|SwiftLibraryErrorTests|SwiftLibraryTypedTests)/
# How soon another caller is answered while a 60 MB call goes through the bus, and how soon a
# call with a locale is after 2,000 locale names (and what they cost): measured alone, one after
# the other, last (beside the other tests the first took 0.7 to 1.3 s, alone 0.75 s). And how
# soon the Swift library answers its own cancel (within a second, on the main queue, which the
# loads share and keep both cores busy: 1.5 s beside them, 0.15 s alone).
SOLO_TESTS := \.BusHardeningTests/hugeTitle|\.LocaleFloodTests/|\.SwiftLibraryCancelTests/
# The suites that run real desktops: `make test-desktops`.
DESKTOP_TESTS := \.[A-Za-z]+DesktopTests/
# deps: the README promises a newcomer that it installs what is missing.
test: deps build lib lib-check check-data check-man check-deb check-po catalogs
	$(SWIFT) test --disable-xctest --skip '$(LOAD_TESTS)' --skip '$(DESKTOP_TESTS)' --skip '$(SOLO_TESTS)' $(SWIFT_BUILD_FLAGS)
	$(SWIFT) test --disable-xctest --filter '$(LOAD_TESTS)' $(SWIFT_BUILD_FLAGS)
	$(SWIFT) test --disable-xctest --no-parallel --filter '$(SOLO_TESTS)' $(SWIFT_BUILD_FLAGS)

## The picker on real desktops: GNOME Shell 43 headless on Wayland (its banners clicked with a
## real pointer, the dialog made transient for another process's window through xdg-foreign),
## xfce4-notifyd and KDE Plasma 5.27 (a range typed into its reply field) on a virtual display.
## Installs them first. Screenshots go to
## $$TIMEPICKERD_DESKTOP_SCREENSHOTS when it is set. CI runs it after `make test`.
## (deps: the virtual display, the accessibility bus, xdotool.)
test-desktops: deps build lib
	@$(call install-missing,$(DESKTOP_PACKAGES))
	@$(call install-missing,$(DESKTOP_PACKAGES_WITHOUT_RECOMMENDS),--no-install-recommends)
	$(SWIFT) test --disable-xctest --filter '$(DESKTOP_TESTS)' $(SWIFT_BUILD_FLAGS)

## The translations (po/): the template is what the sources give, every catalog compiles with
## msgfmt --check and is complete, and the files that draw what a person reads hold no words
## of their own (scripts/check-messages.sh). (deps: gettext.)
check-po: deps
	@scripts/check-messages.sh

## Rewrites po/timepickerd.pot from the sources and merges it into every catalog (then
## translate what msgmerge marked new or fuzzy). (deps: gettext.)
po: deps
	scripts/extract-messages.sh
	@for language in $$(grep -v '^#' po/LINGUAS); do msgmerge --quiet --update --backup=none po/$$language.po po/timepickerd.pot; done

## The compiled catalogs, .build/locale/LANG/LC_MESSAGES/timepickerd.mo, which the daemon and
## the client read when TIMEPICKERD_LOCALEDIR names .build/locale (the tests' way), and the
## desktop entry with its words in every language.
DESKTOP_ENTRY := .build/desktop/io.github.timepickerd.TimePicker1.desktop
CATALOGS := $(patsubst po/%.po,.build/locale/%/LC_MESSAGES/timepickerd.mo,$(wildcard po/*.po))
catalogs: $(CATALOGS) $(DESKTOP_ENTRY)
.build/locale/%/LC_MESSAGES/timepickerd.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<
# The desktop entry the notifications name, written from its template with its Name and
# Comment in every language of po/LINGUAS.
$(DESKTOP_ENTRY): desktop/io.github.timepickerd.TimePicker1.desktop.in po/LINGUAS $(wildcard po/*.po)
	@mkdir -p $(@D)
	msgfmt --desktop --template=$< -d po -o $@

## The interface file is valid introspection XML, the desktop entry passes desktop-file-validate
## and the icon is well-formed; `make install` lays out what it should, and
## the installed unit passes systemd's own check; the tables of wide and of invisible characters
## are the ones Unicode's installed database gives. (deps: xmllint, desktop-file-validate,
## systemd-analyze, man-db, the shells and bash-completion, unicode-data.)
check-data: deps build $(DESKTOP_ENTRY)
	@xmllint --noout --nonet --dtdvalid /usr/share/xml/dbus-1/introspect.dtd dbus/io.github.timepickerd.TimePicker1.xml
	@xmllint --noout --nonet --dtdvalid /usr/share/xml/dbus-1/introspect.dtd dbus/io.github.timepickerd.impl.TimePicker1.xml
	@desktop-file-validate $(DESKTOP_ENTRY)
	@xmllint --noout --nonet desktop/io.github.timepickerd.TimePicker1.svg
	@scripts/check-install.sh
	@scripts/generate-width-table.py /usr/share/unicode/EastAsianWidth.txt .build/EastAsianWideTable.swift >/dev/null
	@cmp -s .build/EastAsianWideTable.swift Sources/TerminalUI/EastAsianWideTable.swift || \
	  { echo "Sources/TerminalUI/EastAsianWideTable.swift is not what the installed unicode-data gives: make width-table" >&2; exit 1; }
	@scripts/generate-ignorable-table.py /usr/share/unicode .build/InvisibleCharacterTable.swift >/dev/null
	@cmp -s .build/InvisibleCharacterTable.swift Sources/TimePickerCore/InvisibleCharacterTable.swift || \
	  { echo "Sources/TimePickerCore/InvisibleCharacterTable.swift is not what the installed unicode-data gives: make ignorable-table" >&2; exit 1; }
	@echo "data files: interface XMLs valid; desktop entry and icon valid; make install checked; systemd unit verified; width and invisible-character tables current"

## The man pages render without warnings and document every member, option, error and reason
## of the interface, and every option the programs' --help lists. (deps: man-db.)
check-man: deps build man
	@scripts/check-man.sh .build/man "$$($(SWIFT) build --show-bin-path)"
	@echo "man pages: rendered without warnings; every member, option, error and reason documented"

## Builds the whole package for release (`release`: takes minutes the first time), then the
## Debian package into .build, and checks
## its contents, its programs, its computed Depends, and lintian. (deps: dpkg-dev, lintian.)
check-deb: deps release
	@debs=$$(DEB_OUTPUT_DIR=$(CURDIR)/.build/deb-test scripts/build-deb.sh) && scripts/check-deb.sh $$debs

## The Debian packages from the release binaries: timepickerd_VERSION_ARCH.deb here (and
## timepickerd-gtk_… once the dialog backend is installed), and the client library's
## (libtimepicker-1-0, gir1.2-timepicker-1.0, libtimepicker-1-dev and their gtk4 trio); see
## packaging/debian.
## (deps: dpkg-dev.)
deb: deps
	@scripts/build-deb.sh

## Installs the package in a fresh Debian 12 (debootstrap, downloads about 100 MB; root), uses
## it (pick on a terminal, D-Bus activation, man, completion), removes it and checks that
## nothing is left. Not in `make test`: it takes minutes and needs Debian's mirror.
deb-check: deb
	@scripts/deb-clean-install.sh timepickerd_*_$$(dpkg --print-architecture).deb

## `make test` on a fresh minbase Debian 12 (debootstrap; root) with nothing but the Swift
## toolchain and what the README asks for: as root in /root, then as a user with sudo in its
## home. COMMIT=… checks another commit than HEAD. Not in `make test`: it takes about an hour
## the first time and needs Debian's mirror. See scripts/check-fresh-machine.sh.
fresh-check:
	@scripts/check-fresh-machine.sh $(COMMIT)

## The daemon (a debug build) under valgrind memcheck on the test harness's private bus, through
## 1,000 sessions in each user interface (not in CI: it takes minutes; installs valgrind);
## SESSIONS=n for another number, KEEP=1 keeps the logs. Fails on a definite loss allocated by
## the project's code or a memcheck error; suppressions/valgrind-swift-runtime.supp lists the
## losses that are not (each with its reason). See Sources/timepickerleakcheck. Then
## libtimepicker under memcheck against that daemon (lib/tests/valgrind-library.py: picks chosen
## and cancelled, a monitor): fails on a memcheck error or a definite loss in the library. (deps:
## dbus-daemon, and valgrind besides.)
SESSIONS ?= 1000
leakcheck: deps lib
	@$(call install-missing,valgrind)
	$(SWIFT) build --product timepickerd $(SWIFT_BUILD_FLAGS)
	$(SWIFT) build --product timepickerleakcheck $(SWIFT_BUILD_FLAGS)
	@"$$($(SWIFT) build --show-bin-path)/timepickerleakcheck" --sessions $(SESSIONS) $(if $(KEEP),--keep) \
	  --suppressions suppressions/valgrind-swift-runtime.supp "$$($(SWIFT) build --show-bin-path)/timepickerd"
	TIMEPICKERD_BINARY="$$($(SWIFT) build --show-bin-path)/timepickerd" /usr/bin/python3 lib/tests/valgrind-library.py

## The whole test suite under AddressSanitizer, then under ThreadSanitizer: each a build of its
## own in .build/sanitize-address and .build/sanitize-thread, whose daemon, dialog backend and
## client the tests run, so their threads and memory are checked too. Fails when a test fails or
## any of those programs reports something (scripts/sanitize.sh). SANITIZERS=thread runs one;
## suppressions/tsan-system-libraries.supp lists what is not ours (each with its reason).
## (deps: what `make test` needs.)
SANITIZERS ?= address thread
sanitize: deps lib
	@status=0; for sanitizer in $(SANITIZERS); do \
	  LOAD_TESTS='$(LOAD_TESTS)' DESKTOP_TESTS='$(DESKTOP_TESTS)' scripts/sanitize.sh $$sanitizer $(SWIFT_BUILD_FLAGS) || status=1; \
	done; exit $$status

## libFuzzer on the parsers, FUZZ_RUNS inputs each (FUZZ_TARGETS for some only), under
## AddressSanitizer: terminal keys, typed times, display-safe titles, the daemon's options and
## the dialog backend's calls as they come off the bus, parent windows. Starts from the
## corpus kept in Fuzz/corpus/TARGET (replayed by `make test`); what adds coverage goes to
## .build/fuzz/TARGET/new (`make fuzz-merge` keeps it), a crash to .build/fuzz/TARGET/crash-*
## and fails the run: fix it, and keep the input in the corpus. Builds the package under Fuzz/.
## (No deps: it runs only what it compiles, which needs no more than `make build`.)
FUZZ_RUNS ?= 200000
FUZZ_TARGETS ?= key-decoder typed-time display-safe option-decoding backend-call parent-window zone-file
FUZZ_BUILD = cd Fuzz && $(SWIFT) build -c release -Xswiftc -sanitize=fuzzer,address $(SWIFT_BUILD_FLAGS)
# Dictionaries hold the option names and escape sequences, which libFuzzer cannot learn from
# Swift's string comparisons. Swift's own crash backtracer is off: libFuzzer reports a crash
# itself, and the backtracer's reading of the stack is what AddressSanitizer would report.
fuzz:
	$(FUZZ_BUILD)
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p .build/fuzz/$$target/new; \
	  case $$target in \
	    key-decoder) dictionary=-dict=Fuzz/dictionaries/key-decoder.dict ;; \
	    option-decoding|backend-call) dictionary=-dict=Fuzz/dictionaries/options.dict ;; \
	    *) dictionary= ;; \
	  esac; \
	  echo "fuzz: $$target, $(FUZZ_RUNS) runs"; \
	  FUZZ_TARGET=$$target SWIFT_BACKTRACE=enable=no Fuzz/.build/release/timepickerfuzz -runs=$(FUZZ_RUNS) -timeout=10 -print_final_stats=1 $$dictionary \
	    -artifact_prefix=.build/fuzz/$$target/ .build/fuzz/$$target/new Fuzz/corpus/$$target \
	    > .build/fuzz/$$target/log 2>&1 || { tail -80 .build/fuzz/$$target/log; exit 1; }; \
	  grep -E '^(Done|stat::number_of_executed_units|stat::new_units_added)' .build/fuzz/$$target/log; \
	done

## Keeps in Fuzz/corpus/TARGET what the last `make fuzz` found that adds coverage (libFuzzer's
## -merge); commit the new files.
fuzz-merge:
	$(FUZZ_BUILD)
	@for target in $(FUZZ_TARGETS); do \
	  FUZZ_TARGET=$$target Fuzz/.build/release/timepickerfuzz -merge=1 Fuzz/corpus/$$target .build/fuzz/$$target/new 2>&1 | grep -E '^MERGE-OUTER: [0-9]+ new files'; \
	done

## Generates the terminal's table of East Asian wide characters from Unicode's database
## (Debian's unicode-data package, which deps installs); commit the result.
width-table: deps
	scripts/generate-width-table.py /usr/share/unicode/EastAsianWidth.txt Sources/TerminalUI/EastAsianWideTable.swift

## Generates the table of characters that show nothing (Default_Ignorable_Code_Point), of format
## characters that draw a sign, and of emoji variation bases, which display-safe titles are made
## with, from Unicode's database (Debian's unicode-data package, which deps installs); commit
## the result.
ignorable-table: deps
	scripts/generate-ignorable-table.py /usr/share/unicode Sources/TimePickerCore/InvisibleCharacterTable.swift

## Measures the release daemon against its goals (start-up, round trips, memory, idle wake-ups,
## throughput, limits) on a private bus and a pseudo-terminal, a session's life against the
## Python reference of the same contract (scripts/reference-service.py) and the floor (a C
## service that only answers and sends the two signals, scripts/floor-service.c) run beside it, with the
## allocations (scripts/allocation-counter.c, built here with gcc and preloaded) and system calls
## (strace, installed if missing) a session costs, and the dialog on a virtual display against
## zenity's, and prints one table; ONLY=startup|terminal|notification|dialog|sessions runs one
## part (sessions: only a session's life beside the reference, and what a session costs).
## (deps: dbus-daemon, python3-dbus, the virtual display, zenity.)
BENCH_ALLOCATION_COUNTER := .build/bench/allocation-counter.so
BENCH_FLOOR := .build/bench/floor-service
bench: deps release $(BENCH_ALLOCATION_COUNTER) $(BENCH_FLOOR)
	@$(call install-missing,strace)
	"$$($(SWIFT) build -c release --show-bin-path)/timepickerbench" $(if $(ONLY),--only $(ONLY)) \
	  --reference scripts/reference-service.py --floor $(BENCH_FLOOR) --allocation-counter $(BENCH_ALLOCATION_COUNTER) \
	  "$$($(SWIFT) build -c release --show-bin-path)/timepickerd"

## The instructions a session's life costs the release daemon, counted by callgrind
## (scripts/instructions-per-session.py): repeatable whatever else the machine does, where
## `make bench`'s times follow the host. BASE=<commit> builds that commit's daemon the same way
## in a scratch worktree (.build/base-worktree) and measures both in turns, with the ratio:
## `make bench-instructions BASE=main` before merging a change to the session path.
## (deps: dbus-daemon, python3-dbus; valgrind, installed if missing.)
BASE_WORKTREE := .build/base-worktree
bench-instructions: deps release
	@$(call install-missing,valgrind)
	@set -e; daemons=""; \
	if [ -n "$(BASE)" ]; then \
	  git worktree remove --force $(BASE_WORKTREE) 2>/dev/null || rm -rf $(BASE_WORKTREE); \
	  git worktree add --detach $(BASE_WORKTREE) "$(BASE)"; \
	  (cd $(BASE_WORKTREE) && $(SWIFT) build -c release $(RELEASE_FLAGS) --product timepickerd $(SWIFT_BUILD_FLAGS)); \
	  daemons="$$(cd $(BASE_WORKTREE) && $(SWIFT) build -c release --show-bin-path)/timepickerd"; \
	fi; \
	/usr/bin/python3 scripts/instructions-per-session.py $$daemons "$$($(SWIFT) build -c release --show-bin-path)/timepickerd"; \
	if [ -n "$(BASE)" ]; then git worktree remove --force $(BASE_WORKTREE); fi

$(BENCH_ALLOCATION_COUNTER): scripts/allocation-counter.c | deps
	@mkdir -p $(@D)
	gcc -O2 -Wall -Wextra -shared -fPIC -o $@ $<

# The floor of a session's cost: a service of the contract's shape that does nothing else.
$(BENCH_FLOOR): scripts/floor-service.c | deps
	@mkdir -p $(@D)
	gcc -O2 -Wall -Wextra -o $@ $< $$(pkg-config --cflags --libs dbus-1)

## The dialog backend on a virtual display, light and dark, into docs/dialog-light.png and
## docs/dialog-dark.png. (deps: the virtual display.)
screenshots: deps build catalogs
	TIMEPICKERD_LOCALEDIR="$(CURDIR)/.build/locale" scripts/screenshots.sh "$$($(SWIFT) build --show-bin-path)/timepickerd-gtk"

PROGRAMS := timepickerd timepickerctl timepickerd-gtk
# Every file `make install` lays out, each once, as SOURCE>DESTINATION: `install` puts each
# SOURCE at $(DESTDIR)DESTINATION and `uninstall` removes each, so that the two always agree.
# A program's SOURCE is bin/NAME, the build's; the .service and .desktop files name /usr/local
# paths, which install rewrites for PREFIX (REWRITE_PATHS).
INSTALLED := \
	$(foreach program,$(PROGRAMS),bin/$(program)>$(BINDIR)/$(program)) \
	dbus/io.github.timepickerd.TimePicker1.service>$(DATADIR)/dbus-1/services/io.github.timepickerd.TimePicker1.service \
	dbus/io.github.timepickerd.Gtk.service>$(DATADIR)/dbus-1/services/io.github.timepickerd.Gtk.service \
	dbus/io.github.timepickerd.TimePicker1.xml>$(DATADIR)/dbus-1/interfaces/io.github.timepickerd.TimePicker1.xml \
	dbus/io.github.timepickerd.impl.TimePicker1.xml>$(DATADIR)/dbus-1/interfaces/io.github.timepickerd.impl.TimePicker1.xml \
	systemd/timepickerd.service>$(USERUNITDIR)/timepickerd.service \
	$(DESKTOP_ENTRY)>$(DATADIR)/applications/io.github.timepickerd.TimePicker1.desktop \
	desktop/io.github.timepickerd.TimePicker1.svg>$(DATADIR)/icons/hicolor/scalable/apps/io.github.timepickerd.TimePicker1.svg \
	$(foreach page,$(MAN_PAGES),$(page)>$(MANDIR)/man$(subst .,,$(suffix $(page)))/$(notdir $(page))) \
	completions/timepickerctl.bash>$(BASHCOMPDIR)/timepickerctl \
	completions/_timepickerctl>$(ZSHCOMPDIR)/_timepickerctl \
	completions/timepickerctl.fish>$(FISHCOMPDIR)/timepickerctl.fish \
	$(foreach catalog,$(CATALOGS),$(catalog)>$(LOCALEDIR)/$(patsubst .build/locale/%,%,$(catalog)))
# An entry's SOURCE and DESTINATION.
installed-source = $(word 1,$(subst >, ,$(1)))
installed-destination = $(word 2,$(subst >, ,$(1)))
# The command that installs an entry: a program from the build, a .service or .desktop file
# rewritten, anything else as it is (SOURCE $(1), DESTINATION $(2) in the last three).
install-entry = $(call install-file,$(call installed-source,$(1)),$(call installed-destination,$(1)))
install-file = $(if $(filter bin/%,$(1)),$(install-program),$(if $(filter %.service %.desktop,$(1)),$(install-rewritten),$(install-copy)))
install-program = install -D -m 0755 "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/$(notdir $(1))" "$(DESTDIR)$(2)"
install-rewritten = install -d "$(DESTDIR)$(dir $(2))" && $(REWRITE_PATHS) $(1) > "$(DESTDIR)$(2)" && chmod 0644 "$(DESTDIR)$(2)"
install-copy = install -D -m 0644 $(1) "$(DESTDIR)$(2)"
# A recipe line that expands to several lines runs them as commands of their own, each echoed.
define newline


endef

## Installs the binaries, the D-Bus activation and interface files, the user unit, the desktop
## entry and its icon, the man pages, the catalogs, the shell completions and the client library
## (install-lib) under PREFIX (DESTDIR for staging). No deps:
## it is the way in where there is no Debian package (it needs the toolchain, the libraries,
## scdoc and msgfmt); on Debian, `make deps` installs those.
install: man catalogs install-lib
	$(foreach program,$(PROGRAMS),$(SWIFT) build -c $(CONFIGURATION) $(STATIC_STDLIB) --product $(program) $(SWIFT_BUILD_FLAGS)$(newline))
	$(foreach entry,$(INSTALLED),$(call install-entry,$(entry))$(newline))

## Removes what `make install` installed with the same PREFIX and DESTDIR: the files; the
## directories stay, as they may be shared ($(BINDIR), $(MANDIR)/man1…).
uninstall: uninstall-lib
	rm -f $(foreach entry,$(INSTALLED),"$(DESTDIR)$(call installed-destination,$(entry))")

## The man pages, from their scdoc sources in man/.
man: $(MAN_PAGES)

# groff's .TH turns hyphenation back on after scdoc's .nh: bus names and paths must not break.
.build/man/%: man/%.scd
	@mkdir -p .build/man
	scdoc < $< > $@.tmp || { rm -f $@.tmp; exit 1; }
	sed '/^\.TH /a .nh' $@.tmp > $@ && rm -f $@.tmp

clean:
	$(SWIFT) package clean
	rm -rf .build/man .build/deb .build/deb-test .build/fuzz Fuzz/.build
