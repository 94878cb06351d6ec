# timepickerd: `make run` and `make test` set up everything they need on Debian, then do their job.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
LIBDIR ?= $(PREFIX)/lib
DESTDIR ?=
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=
# The build `make install` installs; the tests install a debug build to check the result.
CONFIGURATION ?= release
# Release binaries carry the Swift runtime inside: about 2 MiB less resident than loading
# the shared Swift libraries, for a daemon that runs all day (see the benchmark).
STATIC_STDLIB = $(if $(filter release,$(CONFIGURATION)),--static-swift-stdlib)
# The data files name the /usr/local paths; install rewrites them for PREFIX.
REWRITE_PATHS = sed -e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local/share|$(DATADIR)|g'

# Debian packages the build and the tests need: libdbus and libnotify for the service;
# dbus-daemon for private buses; python3-dbusmock for a mock notification server; busctl
# (systemd) and gdbus (libglib2.0-bin) for tests that call it the way people do; setpriv
# (util-linux) to call as another user; xmllint to validate the interface file. The dialog
# backend: GTK 4 and libadwaita; for its tests and `make screenshots` a virtual display (xvfb,
# xauth), the accessibility bus (at-spi2-core, python3-pyatspi), X11 input and properties
# (xdotool, x11-utils, python3-xlib).
APT_PACKAGES := libdbus-1-dev libnotify-dev pkg-config dbus-daemon python3-dbusmock systemd \
	libglib2.0-bin util-linux libxml2-utils \
	libgtk-4-dev libadwaita-1-dev xvfb xauth at-spi2-core python3-pyatspi python3-xlib xdotool x11-utils
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release run test check-data install uninstall clean leakcheck bench screenshots

all: build

## Installs the Debian packages above that are missing (once; quick when all are there).
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release --static-swift-stdlib $(SWIFT_BUILD_FLAGS)

## Runs the daemon in this terminal, on the session bus or on a private one started for it.
run: build
	@scripts/run-dev.sh "$$($(SWIFT) build --show-bin-path)/timepickerd"

## The whole test suite: unit tests, the daemon on private buses, and the data files.
test: build check-data
	$(SWIFT) test --disable-xctest $(SWIFT_BUILD_FLAGS)

## The interface file is valid introspection XML; `make install` lays out what it should, and
## the installed unit passes systemd's own check.
check-data: build
	@xmllint --noout --nonet --dtdvalid /usr/share/xml/dbus-1/introspect.dtd dbus/io.github.timepickerd.TimePicker1.xml
	@xmllint --noout --nonet --dtdvalid /usr/share/xml/dbus-1/introspect.dtd dbus/io.github.timepickerd.impl.TimePicker1.xml
	@scripts/check-install.sh
	@echo "data files: interface XMLs valid; make install checked; systemd unit verified"

## The daemon under valgrind memcheck through 1,000 sessions in each user interface (not in CI:
## it takes minutes); SESSIONS=n for another number.
leakcheck: deps
	@SWIFT="$(SWIFT)" scripts/leakcheck.sh

## Measures the release daemon against its goals (start-up, round trips, memory, idle wake-ups,
## throughput, limits) on a private bus and a pseudo-terminal, and prints one table.
bench: release
	"$$($(SWIFT) build -c release --show-bin-path)/timepickerbench" "$$($(SWIFT) build -c release --show-bin-path)/timepickerd"

## The dialog backend on a virtual display, light and dark, into docs/dialog-light.png and
## docs/dialog-dark.png.
screenshots: build
	scripts/screenshots.sh "$$($(SWIFT) build --show-bin-path)/timepickerd-gtk"

install: deps
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC_STDLIB) --product timepickerd $(SWIFT_BUILD_FLAGS)
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC_STDLIB) --product timepickerctl $(SWIFT_BUILD_FLAGS)
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC_STDLIB) --product timepickerd-gtk $(SWIFT_BUILD_FLAGS)
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)/dbus-1/services" \
	  "$(DESTDIR)$(DATADIR)/dbus-1/interfaces" "$(DESTDIR)$(LIBDIR)/systemd/user"
	install -m 0755 "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/timepickerd" "$(DESTDIR)$(BINDIR)/timepickerd"
	install -m 0755 "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/timepickerctl" "$(DESTDIR)$(BINDIR)/timepickerctl"
	install -m 0755 "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/timepickerd-gtk" "$(DESTDIR)$(BINDIR)/timepickerd-gtk"
	$(REWRITE_PATHS) dbus/io.github.timepickerd.TimePicker1.service \
	  > "$(DESTDIR)$(DATADIR)/dbus-1/services/io.github.timepickerd.TimePicker1.service"
	install -m 0644 dbus/io.github.timepickerd.TimePicker1.xml "$(DESTDIR)$(DATADIR)/dbus-1/interfaces/"
	$(REWRITE_PATHS) dbus/io.github.timepickerd.Gtk.service > "$(DESTDIR)$(DATADIR)/dbus-1/services/io.github.timepickerd.Gtk.service"
	install -m 0644 dbus/io.github.timepickerd.impl.TimePicker1.xml "$(DESTDIR)$(DATADIR)/dbus-1/interfaces/"
	$(REWRITE_PATHS) systemd/timepickerd.service > "$(DESTDIR)$(LIBDIR)/systemd/user/timepickerd.service"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/timepickerd" "$(DESTDIR)$(BINDIR)/timepickerctl" \
	  "$(DESTDIR)$(DATADIR)/dbus-1/services/io.github.timepickerd.TimePicker1.service" \
	  "$(DESTDIR)$(DATADIR)/dbus-1/interfaces/io.github.timepickerd.TimePicker1.xml" \
	  "$(DESTDIR)$(BINDIR)/timepickerd-gtk" "$(DESTDIR)$(DATADIR)/dbus-1/services/io.github.timepickerd.Gtk.service" \
	  "$(DESTDIR)$(DATADIR)/dbus-1/interfaces/io.github.timepickerd.impl.TimePicker1.xml" \
	  "$(DESTDIR)$(LIBDIR)/systemd/user/timepickerd.service"

clean:
	$(SWIFT) package clean
