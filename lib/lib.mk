# libtimepicker-1: the client library in C on GDBus (lib/timepicker), its GObject-introspection
# data (TimePicker-1.0.gir and .typelib), its VAPI, its pkg-config file, and the GTK 4 helper
# libtimepicker-gtk4-1 (lib/timepicker-gtk4). Included by the Makefile; built into .build/lib.
# Only gcc, pkg-config, GLib's headers, gobject-introspection and valac: no Swift.

LIB_BUILD := .build/lib
# The version of the library's package: the project's (Sources/TimePickerCore/Version.swift).
LIB_VERSION := $(shell sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/TimePickerCore/Version.swift)
# Debian's multiarch directory (x86_64-linux-gnu): libraries, the .pc and the typelib go to
# $(PREFIX)/lib/$(LIB_TRIPLET), where ld.so (/etc/ld.so.conf.d), pkg-config and, for PREFIX=/usr,
# gobject-introspection look. For another PREFIX, gi finds the typelib only through
# GI_TYPELIB_PATH=$(LIBDIR)/girepository-1.0 (its search path is its own libdir's
# girepository-1.0 and /usr/lib/girepository-1.0: checked with GIRepository's get_search_path).
LIB_TRIPLET := $(shell gcc -print-multiarch 2>/dev/null)
LIBDIR ?= $(PREFIX)/lib/$(LIB_TRIPLET)
INCLUDEDIR ?= $(PREFIX)/include

LIB_CFLAGS := -std=gnu11 -O2 -g -D_FORTIFY_SOURCE=2 -fstack-protector-strong -Wformat -Werror=format-security -Wall -Wextra -Wno-unused-parameter -Wmissing-prototypes -Werror -fPIC \
	-DTIME_PICKER_COMPILATION -DG_LOG_DOMAIN=\"libtimepicker\" -Ilib -Ilib/timepicker
LIB_HEADERS := $(wildcard lib/timepicker/*.h)
LIB_PUBLIC_HEADERS := $(filter-out %-private.h,$(LIB_HEADERS))
LIB_SOURCES := $(wildcard lib/timepicker/*.c)
LIB_OBJECTS := $(patsubst lib/timepicker/%.c,$(LIB_BUILD)/timepicker/%.o,$(LIB_SOURCES))
LIB_SONAME := libtimepicker-1.so.0
LIB_SHARED := $(LIB_BUILD)/$(LIB_SONAME)
LIB_GIR := $(LIB_BUILD)/TimePicker-1.0.gir
LIB_TYPELIB := $(LIB_BUILD)/TimePicker-1.0.typelib
LIB_VAPI := $(LIB_BUILD)/timepicker-1.vapi
LIB_PC := $(LIB_BUILD)/pkgconfig/timepicker-1.pc

.PHONY: lib lib-check install-lib uninstall-lib
## The client library, its introspection data, VAPI and pkg-config file, in .build/lib (the
## tests point LD_LIBRARY_PATH, GI_TYPELIB_PATH and PKG_CONFIG_PATH there).
lib: $(LIB_SHARED) $(LIB_GIR) $(LIB_TYPELIB) $(LIB_VAPI) $(LIB_PC)

## tp_call, the library's one way to call (a reply believed only from the connection asked), on
## a private bus of its own: forged replies, time limits, cancels, a connection closed under a
## context nobody runs, 1,000 racing cancels; built as is and with AddressSanitizer. Then a
## monitor dropped by its own handler while it reports what it kept (lib/tests/monitor-test.sh).
## `make test` runs it.
lib-check:
	sh lib/tests/tp-call-test.sh
	sh lib/tests/monitor-test.sh

$(LIB_BUILD)/timepicker/%.o: lib/timepicker/%.c $(LIB_HEADERS) lib/lib.mk
	@mkdir -p $(@D)
	gcc $(LIB_CFLAGS) $$(pkg-config --cflags gio-2.0) -c -o $@ $<

# Only the public API is exported (the version script); relro and bind-now as Debian hardens.
$(LIB_SHARED): $(LIB_OBJECTS) lib/timepicker/libtimepicker.map
	gcc -shared -Wl,-soname,$(LIB_SONAME) -Wl,--version-script=lib/timepicker/libtimepicker.map -Wl,-z,relro -Wl,-z,now \
	  -Wl,--no-undefined -o $@ $(LIB_OBJECTS) $$(pkg-config --libs gio-2.0)
	ln -sf $(LIB_SONAME) $(LIB_BUILD)/libtimepicker-1.so

# The build's own .pc, for the tests: the headers are lib/ and the library .build/lib.
$(LIB_PC): lib/timepicker-1.pc.in lib/lib.mk
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(CURDIR)|' -e 's|@LIBDIR@|$(CURDIR)/$(LIB_BUILD)|' -e 's|@INCLUDEDIR@|$(CURDIR)/$(LIB_BUILD)/include|' \
	  -e 's|@DATADIR@|$(CURDIR)/$(LIB_BUILD)/share|' -e 's|@VERSION@|$(LIB_VERSION)|' $< > $@
	@mkdir -p $(LIB_BUILD)/include/timepicker-1 && ln -sfn $(CURDIR)/lib/timepicker $(LIB_BUILD)/include/timepicker-1/timepicker

# Warnings are errors: a missing annotation or doc comment fails the build.
# The grep proves the scanner named the method "pick" (it named time_picker_picker_pick
# "picker_pick", matching the unprefixed name at the wrong "picker"; the rename to
# TimePickerAlert ended that without patching the GIR).
$(LIB_GIR): $(LIB_SHARED) $(LIB_HEADERS) $(LIB_SOURCES) lib/lib.mk
	LD_LIBRARY_PATH=$(CURDIR)/$(LIB_BUILD) g-ir-scanner --quiet --warn-all --warn-error \
	  --namespace=TimePicker --nsversion=1.0 --identifier-prefix=TimePicker --symbol-prefix=time_picker \
	  --include=Gio-2.0 --pkg=gio-2.0 --pkg-export=timepicker-1 --c-include=timepicker/timepicker.h \
	  --library=timepicker-1 --library-path=$(CURDIR)/$(LIB_BUILD) -Ilib -DTIME_PICKER_COMPILATION \
	  --cflags-begin -Ilib -DTIME_PICKER_COMPILATION --cflags-end \
	  --output=$@ $(LIB_PUBLIC_HEADERS) $(filter-out %-private.c,$(LIB_SOURCES))
	@grep -q '<method name="pick" c:identifier="time_picker_alert_pick"' $@ || { rm -f $@; echo "$@: no method pick" >&2; exit 1; }

$(LIB_TYPELIB): $(LIB_GIR)
	g-ir-compiler --output=$@ $<

$(LIB_VAPI): $(LIB_GIR)
	vapigen --quiet --library=timepicker-1 --pkg=gio-2.0 --directory=$(LIB_BUILD) $<
	echo gio-2.0 > $(LIB_BUILD)/timepicker-1.deps

## Installs the library, its headers, .pc, GIR, typelib and VAPI under PREFIX (LIBDIR is
## $(PREFIX)/lib/$(LIB_TRIPLET)); part of `make install`.
install-lib: lib
	install -D -m 0644 $(LIB_SHARED) "$(DESTDIR)$(LIBDIR)/$(LIB_SONAME)"
	ln -sf $(LIB_SONAME) "$(DESTDIR)$(LIBDIR)/libtimepicker-1.so"
	install -d "$(DESTDIR)$(INCLUDEDIR)/timepicker-1/timepicker"
	install -m 0644 $(LIB_PUBLIC_HEADERS) "$(DESTDIR)$(INCLUDEDIR)/timepicker-1/timepicker"
	install -d "$(DESTDIR)$(LIBDIR)/pkgconfig"
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@DATADIR@|$(DATADIR)|' \
	  -e 's|@VERSION@|$(LIB_VERSION)|' lib/timepicker-1.pc.in > "$(DESTDIR)$(LIBDIR)/pkgconfig/timepicker-1.pc"
	install -D -m 0644 $(LIB_GIR) "$(DESTDIR)$(DATADIR)/gir-1.0/TimePicker-1.0.gir"
	install -D -m 0644 $(LIB_TYPELIB) "$(DESTDIR)$(LIBDIR)/girepository-1.0/TimePicker-1.0.typelib"
	install -D -m 0644 $(LIB_VAPI) "$(DESTDIR)$(DATADIR)/vala/vapi/timepicker-1.vapi"
	install -D -m 0644 $(LIB_BUILD)/timepicker-1.deps "$(DESTDIR)$(DATADIR)/vala/vapi/timepicker-1.deps"

uninstall-lib:
	rm -f "$(DESTDIR)$(LIBDIR)/$(LIB_SONAME)" "$(DESTDIR)$(LIBDIR)/libtimepicker-1.so" \
	  $(foreach header,$(notdir $(LIB_PUBLIC_HEADERS)),"$(DESTDIR)$(INCLUDEDIR)/timepicker-1/timepicker/$(header)") \
	  "$(DESTDIR)$(LIBDIR)/pkgconfig/timepicker-1.pc" "$(DESTDIR)$(DATADIR)/gir-1.0/TimePicker-1.0.gir" \
	  "$(DESTDIR)$(LIBDIR)/girepository-1.0/TimePicker-1.0.typelib" \
	  "$(DESTDIR)$(DATADIR)/vala/vapi/timepicker-1.vapi" "$(DESTDIR)$(DATADIR)/vala/vapi/timepicker-1.deps"

# libtimepicker-gtk4-1: time_picker_parent_new_gtk (GtkWindow*), introspected as TimePickerGtk4
# 1.0 (as libportal-gtk4 is XdpGtk4), on top of libtimepicker-1.
GTK4_HEADERS := lib/timepicker-gtk4/timepicker-gtk4.h
GTK4_SOURCES := lib/timepicker-gtk4/timepicker-gtk4.c
GTK4_SONAME := libtimepicker-gtk4-1.so.0
GTK4_SHARED := $(LIB_BUILD)/$(GTK4_SONAME)
GTK4_GIR := $(LIB_BUILD)/TimePickerGtk4-1.0.gir
GTK4_TYPELIB := $(LIB_BUILD)/TimePickerGtk4-1.0.typelib
GTK4_VAPI := $(LIB_BUILD)/timepicker-gtk4-1.vapi
GTK4_PC := $(LIB_BUILD)/pkgconfig/timepicker-gtk4-1.pc
lib: $(GTK4_SHARED) $(GTK4_GIR) $(GTK4_TYPELIB) $(GTK4_VAPI) $(GTK4_PC)

$(GTK4_SHARED): $(GTK4_SOURCES) $(GTK4_HEADERS) $(LIB_HEADERS) $(LIB_SHARED) lib/timepicker-gtk4/libtimepicker-gtk4.map lib/lib.mk
	gcc $(filter-out -DTIME_PICKER_COMPILATION,$(LIB_CFLAGS)) -Ilib/timepicker-gtk4 $$(pkg-config --cflags gtk4) -shared \
	  -Wl,-soname,$(GTK4_SONAME) -Wl,--version-script=lib/timepicker-gtk4/libtimepicker-gtk4.map -Wl,-z,relro -Wl,-z,now \
	  -Wl,--no-undefined -o $@ $(GTK4_SOURCES) -L$(LIB_BUILD) -ltimepicker-1 $$(pkg-config --libs gtk4) -Wl,--no-as-needed -lc
	ln -sf $(GTK4_SONAME) $(LIB_BUILD)/libtimepicker-gtk4-1.so

$(GTK4_PC): lib/timepicker-gtk4-1.pc.in lib/lib.mk
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(CURDIR)|' -e 's|@LIBDIR@|$(CURDIR)/$(LIB_BUILD)|' -e 's|@INCLUDEDIR@|$(CURDIR)/$(LIB_BUILD)/include|' \
	  -e 's|@VERSION@|$(LIB_VERSION)|' $< > $@
	@mkdir -p $(LIB_BUILD)/include/timepicker-gtk4-1 && ln -sfn $(CURDIR)/lib/timepicker-gtk4/timepicker-gtk4.h $(LIB_BUILD)/include/timepicker-gtk4-1/timepicker-gtk4.h

$(GTK4_GIR): $(GTK4_SHARED) $(GTK4_HEADERS) $(GTK4_SOURCES) $(LIB_GIR) lib/lib.mk
	LD_LIBRARY_PATH=$(CURDIR)/$(LIB_BUILD) g-ir-scanner --quiet --warn-all --warn-error \
	  --namespace=TimePickerGtk4 --nsversion=1.0 --identifier-prefix=TimePicker --symbol-prefix=time_picker \
	  --include=Gtk-4.0 --include-uninstalled=$(LIB_GIR) --pkg=gtk4 --pkg-export=timepicker-gtk4-1 \
	  --c-include=timepicker-gtk4.h --library=timepicker-gtk4-1 --library=timepicker-1 --library-path=$(CURDIR)/$(LIB_BUILD) \
	  --cflags-begin -Ilib -Ilib/timepicker-gtk4 --cflags-end \
	  --output=$@ $(GTK4_HEADERS) $(GTK4_SOURCES)

$(GTK4_TYPELIB): $(GTK4_GIR)
	g-ir-compiler --includedir=$(LIB_BUILD) --output=$@ $<

$(GTK4_VAPI): $(GTK4_GIR) $(LIB_VAPI)
	vapigen --quiet --library=timepicker-gtk4-1 --vapidir=$(LIB_BUILD) --girdir=$(LIB_BUILD) --pkg=gtk4 --pkg=timepicker-1 \
	  --directory=$(LIB_BUILD) $<
	printf 'gtk4\ntimepicker-1\n' > $(LIB_BUILD)/timepicker-gtk4-1.deps

install-lib: install-lib-gtk4
uninstall-lib: uninstall-lib-gtk4
.PHONY: install-lib-gtk4 uninstall-lib-gtk4
install-lib-gtk4: lib
	install -D -m 0644 $(GTK4_SHARED) "$(DESTDIR)$(LIBDIR)/$(GTK4_SONAME)"
	ln -sf $(GTK4_SONAME) "$(DESTDIR)$(LIBDIR)/libtimepicker-gtk4-1.so"
	install -D -m 0644 $(GTK4_HEADERS) "$(DESTDIR)$(INCLUDEDIR)/timepicker-gtk4-1/timepicker-gtk4.h"
	install -d "$(DESTDIR)$(LIBDIR)/pkgconfig"
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(LIB_VERSION)|' \
	  lib/timepicker-gtk4-1.pc.in > "$(DESTDIR)$(LIBDIR)/pkgconfig/timepicker-gtk4-1.pc"
	install -D -m 0644 $(GTK4_GIR) "$(DESTDIR)$(DATADIR)/gir-1.0/TimePickerGtk4-1.0.gir"
	install -D -m 0644 $(GTK4_TYPELIB) "$(DESTDIR)$(LIBDIR)/girepository-1.0/TimePickerGtk4-1.0.typelib"
	install -D -m 0644 $(GTK4_VAPI) "$(DESTDIR)$(DATADIR)/vala/vapi/timepicker-gtk4-1.vapi"
	install -D -m 0644 $(LIB_BUILD)/timepicker-gtk4-1.deps "$(DESTDIR)$(DATADIR)/vala/vapi/timepicker-gtk4-1.deps"

uninstall-lib-gtk4:
	rm -f "$(DESTDIR)$(LIBDIR)/$(GTK4_SONAME)" "$(DESTDIR)$(LIBDIR)/libtimepicker-gtk4-1.so" \
	  "$(DESTDIR)$(INCLUDEDIR)/timepicker-gtk4-1/timepicker-gtk4.h" "$(DESTDIR)$(LIBDIR)/pkgconfig/timepicker-gtk4-1.pc" \
	  "$(DESTDIR)$(DATADIR)/gir-1.0/TimePickerGtk4-1.0.gir" "$(DESTDIR)$(LIBDIR)/girepository-1.0/TimePickerGtk4-1.0.typelib" \
	  "$(DESTDIR)$(DATADIR)/vala/vapi/timepicker-gtk4-1.vapi" "$(DESTDIR)$(DATADIR)/vala/vapi/timepicker-gtk4-1.deps"
