#!/usr/bin/python3
# A GTK 4 application window, the caller's window a dialog is attached to: prints
# "HANDLE wayland:…" (exported through xdg-foreign) or "HANDLE x11:…", then "TOKEN …", an
# activation token for the dialog it asks for. From ../shared/tools/desktops/gtk4-testapp.py.
# usage: gtk4-parent.py TITLE   (run with /usr/bin/python3: the toolchain's python has no gi)
import sys, gi
gi.require_version('Gtk', '4.0')
from gi.repository import Gtk, GLib, Gio
# The Wayland and X11 surface classes (export_handle, get_xid) come with their typelibs.
for backend in ('GdkWayland', 'GdkX11'):
    try:
        gi.require_version(backend, '4.0')
        __import__('gi.repository.' + backend)
    except (ValueError, ImportError):
        pass

title = sys.argv[1] if len(sys.argv) > 1 else 'Parent window'
app = Gtk.Application(application_id='test.timepickerd.parent', flags=Gio.ApplicationFlags.NON_UNIQUE)

def out(*words):
    print(*words, flush=True)

def on_activate(app):
    window = Gtk.ApplicationWindow(application=app, title=title, default_width=640, default_height=480)
    window.set_child(Gtk.Label(label='The application that asks for a time range'))

    def mapped(window):
        surface = window.get_surface()
        if 'Wayland' in type(surface).__name__:
            surface.export_handle(lambda _surface, handle: out('HANDLE', 'wayland:' + handle))
        elif hasattr(surface, 'get_xid'):
            out('HANDLE', 'x11:%x' % surface.get_xid())
        context = window.get_display().get_app_launch_context()
        out('TOKEN', context.get_startup_notify_id(Gio.AppInfo.create_from_commandline('true', 'dialog', 0), []))
        return False

    window.connect('map', lambda w: GLib.timeout_add(200, mapped, w))
    window.present()

app.connect('activate', on_activate)
app.run([])
