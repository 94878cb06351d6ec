#!/bin/bash
# gnome-shell.sh — real GNOME Shell 43 (Debian 12) headless on Wayland, for the desktop tests.
# From ../shared/tools/desktops/gnome-headless.sh; changed: it joins the session bus the test
# started (GNOME_HEADLESS_BUS), and the state directory is the test's.
# usage: gnome-shell.sh start [--x11]   # prints "export ..." lines; use: eval "$(gnome-shell.sh start)"
#        gnome-shell.sh env | stop | status
#        gnome-shell.sh eval 'JS'       # org.gnome.Shell.Eval (unsafe mode is on)
#        gnome-shell.sh shot FILE.png   # org.gnome.Shell.Screenshot
#        gnome-shell.sh notifications   # JSON of notifications in the message tray + current banner
#        gnome-shell.sh move X Y        # real pointer motion (hovering a banner expands it, showing its buttons)
#        gnome-shell.sh click X Y       # real pointer click through a Clutter virtual device
#        gnome-shell.sh key KEYSYM      # e.g. Escape, Return (virtual keyboard)
# needs: apt-get install --no-install-recommends gnome-shell (+ xwayland for --x11)
# state: $GNOME_HEADLESS_DIR (default ${TMPDIR:-/tmp}/desktops-state/gnome); everything is killed by PID/session id on stop.
# GNOME_HEADLESS_BUS: the address of a session bus to join (at start); without it one is started.
set -u
S=${GNOME_HEADLESS_DIR:-${TMPDIR:-/tmp}/desktops-state/gnome}
RT=$S/rt
WL=${GNOME_HEADLESS_WAYLAND:-gnome-headless-0}
SIZE=${GNOME_HEADLESS_SIZE:-1280x800}

envlines() {
  echo "export XDG_RUNTIME_DIR=$RT"
  echo "export DBUS_SESSION_BUS_ADDRESS='$(cat "$S/bus_address" 2>/dev/null || echo "unix:path=$RT/bus")'"
  echo "export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$RT/system_bus"
  echo "export WAYLAND_DISPLAY=$WL"
  if [ -s "$S/x11display" ]; then echo "export DISPLAY=$(cat $S/x11display) XAUTHORITY=$(cat $S/xauthority)"; else echo "unset DISPLAY"; fi
  echo "export XDG_SESSION_TYPE=wayland XDG_CURRENT_DESKTOP=GNOME"
}
useenv() { eval "$(envlines)"; }

seval() {  # run JS in the shell, print result string; non-zero on failure
  local out
  out=$(gdbus call --session -d org.gnome.Shell -o /org/gnome/Shell -m org.gnome.Shell.Eval "$1" 2>&1) || { echo "$out" >&2; return 1; }
  /usr/bin/python3 -c '
import ast, json, sys
t = sys.stdin.read().strip().replace("(true,", "(True,", 1).replace("(false,", "(False,", 1)
ok, res = ast.literal_eval(t)
try: v = json.loads(res)
except Exception: v = res
print(v if isinstance(v, str) else json.dumps(v))
sys.exit(0 if ok else 1)' <<<"$out"
}

killsids() {  # kill every process whose session id is listed in $S/sids (never ourselves/ancestors)
  [ -f "$S/sids" ] || return 0
  local keep=" $$ " p=$$
  while [ "$p" -gt 1 ]; do p=$(awk '{print $4}' /proc/$p/stat 2>/dev/null || echo 1); keep="$keep$p "; done
  for sig in TERM KILL; do
    for sid in $(cat "$S/sids"); do
      for pid in $(ps -eo pid=,sid= | awk -v s="$sid" '$2==s{print $1}'); do
        case "$keep" in *" $pid "*) continue;; esac
        kill -$sig "$pid" 2>/dev/null
      done
    done
    [ $sig = TERM ] && sleep 1
  done
}

start() {
  local x11=0; [ "${1:-}" = "--x11" ] && x11=1
  if [ -f "$S/sids" ]; then echo "already started ($S); run stop first" >&2; return 1; fi
  command -v gnome-shell >/dev/null || { echo "gnome-shell not installed" >&2; return 1; }
  rm -rf "$S"; mkdir -p "$RT" "$S/home" "$S/share/gnome-shell/modes" "$S/share/gnome-shell/extensions/unsafe@headless.test"
  chmod 700 "$RT"
  [ -n "${GNOME_HEADLESS_BUS:-}" ] && echo "$GNOME_HEADLESS_BUS" > "$S/bus_address"
  local t0; t0=$(date +%s.%N)
  # session mode = normal "user" session + an extension that turns on unsafe mode (Eval/Screenshot for tests)
  cat > "$S/share/gnome-shell/modes/headless-test.json" <<J
{ "parentMode": "user", "enabledExtensions": ["unsafe@headless.test"], "showWelcomeDialog": false }
J
  cat > "$S/share/gnome-shell/extensions/unsafe@headless.test/metadata.json" <<J
{ "uuid": "unsafe@headless.test", "name": "unsafe mode for tests", "description": "sets global.context.unsafe_mode", "shell-version": ["43", "44", "45"] }
J
  cat > "$S/share/gnome-shell/extensions/unsafe@headless.test/extension.js" <<J
function init() { return { enable() { global.context.unsafe_mode = true; }, disable() {} }; }
J
  # suppress the "Screen Lock disabled" startup notification
  mkdir -p "$S/home/.local/share/gnome-shell"; touch "$S/home/.local/share/gnome-shell/lock-warning-shown"
  # a private stand-in "system bus" (gnome-shell insists on connecting to one; logind etc. are simply absent)
  cat > "$S/system.conf" <<X
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>unix:path=$RT/system_bus</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/><allow user="*"/></policy></busconfig>
X
  (
    useenv
    export HOME=$S/home XDG_CONFIG_HOME=$S/home/.config XDG_DATA_HOME=$S/home/.local/share XDG_CACHE_HOME=$S/home/.cache XDG_STATE_HOME=$S/home/.local/state
    export XDG_DATA_DIRS=$S/share:/usr/local/share:/usr/share
    export NO_AT_BRIDGE=0 GTK_A11Y=atspi
    unset DISPLAY
    dbus-daemon --config-file="$S/system.conf" --fork --print-pid=3 3>"$S/sysbus.pid" || exit 1
    if [ -s "$S/bus_address" ]; then
      cat "$S/sysbus.pid" > "$S/sids"
    else
      dbus-daemon --session --address="unix:path=$RT/bus" --fork --print-pid=3 3>"$S/bus.pid" || exit 1
      cat "$S/sysbus.pid" "$S/bus.pid" > "$S/sids"   # dbus-daemon --fork calls setsid: pid == sid
    fi
    local xo="--no-x11"; [ $x11 = 1 ] && xo=""
    setsid gnome-shell --headless --wayland $xo --virtual-monitor "$SIZE" --wayland-display="$WL" --mode=headless-test \
      </dev/null >"$S/shell.log" 2>&1 &
    echo $! >"$S/shell.pid"; echo $! >>"$S/sids"
  ) || { echo "bus start failed" >&2; return 1; }
  useenv
  local i ok=0
  for i in $(seq 1 120); do
    kill -0 "$(cat $S/shell.pid)" 2>/dev/null || { echo "gnome-shell died; see $S/shell.log" >&2; tail -20 "$S/shell.log" >&2; stop; return 1; }
    if [ "$(seval 'Main.layoutManager._startingUp === false && Main.actionMode !== 0' 2>/dev/null)" = "true" ]; then ok=1; break; fi
    sleep 0.25
  done
  [ $ok = 1 ] || { echo "gnome-shell not ready after 30 s; see $S/shell.log" >&2; stop; return 1; }
  # leave the overview shown at startup, drop startup notices (e.g. 'Logged in as a privileged user' when root)
  seval 'Main.overview.hide(); Main.messageTray.getSources().forEach(s => s.destroy()); "ok"' >/dev/null
  if [ $x11 = 1 ]; then
    for i in $(seq 1 40); do
      d=$(seval 'GLib.getenv("DISPLAY") || ""' 2>/dev/null)
      [ -n "$d" ] && { seval 'GLib.getenv("XAUTHORITY") || ""' > "$S/xauthority"; echo "$d" > "$S/x11display"; break; }; sleep 0.25
    done
  fi
  echo "gnome-shell ready in $(echo "$(date +%s.%N) - $t0" | bc | cut -c1-5) s, pid $(cat $S/shell.pid), log $S/shell.log" >&2
  envlines
}

stop() { killsids; rm -rf "$S"; }

case "${1:-}" in
  start) shift; start "$@";;
  stop) stop;;
  env) envlines;;
  status) if [ -f "$S/shell.pid" ] && kill -0 "$(cat $S/shell.pid)" 2>/dev/null; then echo "running pid $(cat $S/shell.pid) rss_kb $(ps -o rss= -p $(cat $S/shell.pid))"; else echo "not running"; exit 1; fi;;
  eval) useenv; seval "$2";;
  shot) useenv; f=$(readlink -f "$2"); gdbus call --session -d org.gnome.Shell -o /org/gnome/Shell/Screenshot -m org.gnome.Shell.Screenshot.Screenshot false false "$f" >/dev/null && echo "$f";;
  notifications) useenv; seval '
    const MT = imports.ui.messageTray; const tray = Main.messageTray;
    const btns = b => { const r = []; const walk = a => { if (a instanceof imports.gi.St.Button && a.get_parent() && a.get_parent().style_class === "notification-actions") { const [x, y] = a.get_transformed_position(); const [w, h] = a.get_transformed_size(); r.push({label: a.label, x: Math.round(x + w / 2), y: Math.round(y + h / 2)}); } a.get_children().forEach(walk); }; if (b) walk(b); return r; };
    const ban = tray._banner; let bx = null;
    if (ban && tray.visible) { const [x, y] = ban.get_transformed_position(); const [w, h] = ban.get_transformed_size(); bx = {title: ban.notification?.title, body: ban.notification?.bannerBodyText, shown: tray._notificationState === MT.State.SHOWN, x: Math.round(x + w / 2), y: Math.round(y + 20), buttons: btns(ban)}; }
    JSON.stringify({banner: bx, notifications: tray.getSources().flatMap(s => s.notifications.map(n => ({app: s.title, title: n.title, body: n.bannerBodyText, actions: n.actions.map(a => a.label), urgency: n.urgency, resident: !!n.resident, transient: n.isTransient})))})';;
  move) useenv; seval "
    const {Clutter, GLib} = imports.gi; const seat = Clutter.get_default_backend().get_default_seat();
    if (!global._hlPtr) global._hlPtr = seat.create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE);
    global._hlPtr.notify_absolute_motion(GLib.get_monotonic_time(), $2, $3); 'moved'";;
  click) useenv; seval "
    const {Clutter, GLib} = imports.gi; const seat = Clutter.get_default_backend().get_default_seat();
    if (!global._hlPtr) global._hlPtr = seat.create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE);
    const d = global._hlPtr; const t = GLib.get_monotonic_time();
    d.notify_absolute_motion(t, $2, $3);
    d.notify_button(t + 1000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
    d.notify_button(t + 2000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.RELEASED); 'clicked'";;
  key) useenv; seval "
    const {Clutter, GLib} = imports.gi; const seat = Clutter.get_default_backend().get_default_seat();
    if (!global._hlKbd) global._hlKbd = seat.create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
    const d = global._hlKbd; const t = GLib.get_monotonic_time(); const k = Clutter.KEY_$2;
    d.notify_keyval(t, k, Clutter.KeyState.PRESSED); d.notify_keyval(t + 1000, k, Clutter.KeyState.RELEASED); 'sent'";;
  *) sed -n 2,12p "$0"; exit 2;;
esac
