#!/bin/bash
# `make fresh-check`: the README's two commands on a fresh machine, as a newcomer meets them.
#
#   scripts/check-fresh-machine.sh [COMMIT]     (default: HEAD of this checkout; not its
#                                                uncommitted changes)
#
# A minbase Debian 12 is made by debootstrap from the mirror the host's apt sources name, kept
# in FRESH_CHECK_DIR (default /var/tmp/timepickerd-fresh-check) and copied afresh for each
# part. Into a copy goes nothing but the Swift toolchain (the one whose `swift` is on PATH
# here, bind-mounted read-only as /opt/swift, /opt/swift/usr/bin put on PATH) and what the
# README says to have before the two commands (`apt-get install make git`); everything else
# must come from the Makefile's `deps`. The copy runs as a container does, not chrooted: in
# mount and PID namespaces of its own whose root it is (pivot_root), with the host's cgroup
# hierarchy, so that what a chroot refuses (bubblewrap's sandbox, user namespaces) works as on
# a machine. Then:
#   root: the commit is cloned into /root/timepickerd and `make test` runs there as root;
#   user: a user with passwordless sudo (sudo installed, as the README asks) clones it into
#         its home and runs `make test`.
# FRESH_CHECK_PARTS="root user" chooses the parts; FRESH_CHECK_TIME_LIMIT (2h) bounds each
# `make test`. Each part prints how long it took and swift test's summary line; its whole
# output is in FRESH_CHECK_DIR/PART.log. Downloaded packages are kept in
# FRESH_CHECK_DIR/apt-archives between runs (they are only downloads: each copy still installs
# them itself). Needs root and Debian's mirror.
set -euo pipefail
say() { echo "fresh-check: $*"; }
fail() { echo "fresh-check: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap, mount, namespaces)"

checkout=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
revision=${1:-HEAD}
commit=$(git -C "$checkout" rev-parse --verify --quiet "$revision^{commit}") || fail "no commit $revision in $checkout"
# The clone's branch: the one asked for, or the checkout's own for HEAD.
branch=$(git -C "$checkout" rev-parse --abbrev-ref "$revision" 2>/dev/null || true)
[[ "$branch" =~ ^[A-Za-z0-9._/-]+$ && "$branch" != HEAD ]] || branch=fresh-check
swift=$(command -v swift) || fail "no swift on PATH: the toolchain to put in the fresh system"
toolchain=${SWIFT_TOOLCHAIN:-$(dirname "$(dirname "$(dirname "$(realpath "$swift")")")")}
[ -x "$toolchain/usr/bin/swift" ] || fail "no usr/bin/swift in the toolchain $toolchain"
parts=${FRESH_CHECK_PARTS:-root user}
# How long `make test` may take in one part (timeout(1)'s syntax).
time_limit=${FRESH_CHECK_TIME_LIMIT:-2h}
top=${FRESH_CHECK_DIR:-/var/tmp/timepickerd-fresh-check}
base=$top/bookworm
archives=$top/apt-archives
user=newcomer
path=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# The mirror the host installs Debian 12 from: the first deb822 stanza or one-line source that
# serves bookworm itself.
host_mirror() {
  local file
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    awk 'BEGIN { RS = ""; FS = "\n" }
      { types = suites = uris = ""
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^Types:/) types = $i " "
          if ($i ~ /^Suites:/) suites = $i " "
          if ($i ~ /^URIs:/) uris = $i
        }
        if (types ~ /[ \t]deb[ \t]/ && suites ~ /[ \t]bookworm[ \t]/) { split(uris, u, /[ \t]+/); print u[2]; exit } }' "$file"
  done
  { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true; } |
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' | awk '$1 == "deb" && $3 == "bookworm" { print $2 }'
}
mirror=${FRESH_CHECK_MIRROR:-$(host_mirror | sed -n 1p)}
[ -n "$mirror" ] || fail "no bookworm mirror in the host's apt sources; set FRESH_CHECK_MIRROR"

# Minutes and seconds since $1 (seconds since the epoch).
took() { local seconds=$(($(date +%s) - $1)); printf '%dm%02ds' $((seconds / 60)) $((seconds % 60)); }

mkdir -p "$top" "$archives"
if [ ! -f "$base/.complete" ]; then
  command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  rm -rf "$base"
  started=$(date +%s)
  say "debootstrap --variant=minbase bookworm into $base (from $mirror)"
  debootstrap --variant=minbase bookworm "$base" "$mirror" >"$top/debootstrap.log" 2>&1 ||
    fail "debootstrap failed; see $top/debootstrap.log"
  touch "$base/.complete"
  say "debootstrap took $(took "$started")"
fi

root=
mounted=()
# Mounts $2.. on $root$1 and remembers it, so that everything is unmounted on exit.
mount_in_root() {
  local target=$root$1
  shift
  mkdir -p "$target"
  mount "$@" "$target"
  mounted+=("$target")
}
# Unmounts what was mounted in the copy, in the reverse order. What ran in the copy has ended
# with its PID namespace (in_copy).
release_root() {
  [ -n "$root" ] || return 0
  local index
  for ((index = ${#mounted[@]} - 1; index >= 0; index--)); do
    umount --recursive "${mounted[index]}" || echo "fresh-check: could not unmount ${mounted[index]}" >&2
  done
  mounted=()
}
trap release_root EXIT
# A signal ends the run through the EXIT trap (bash runs it for none of them by itself): a
# closed terminal or pipe must not leave the copy mounted with make test running in it.
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM

# Anything still mounted under $1 (left by an interrupted run), deepest first.
mounts_below() {
  awk -v prefix="$1/" 'index($5, prefix) == 1 { print $5 }' /proc/self/mountinfo | sort -r
}

# A fresh copy of the base at $top/$1, with what a running machine has mounted and the toolchain.
fresh_copy() {
  root=$top/$1
  local leftover
  for leftover in $(mounts_below "$root"); do umount "$leftover"; done
  [ -z "$(mounts_below "$root")" ] || fail "still mounted under $root: $(mounts_below "$root")"
  rm -rf "$root"
  cp -a "$base" "$root"
  # What Debian's installer writes and debootstrap does not: the name server, and /etc/hosts
  # with the machine's name (sudo looks it up).
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  [ -f "$root/etc/hosts" ] ||
    printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n' "$(hostname)" >"$root/etc/hosts"
  mount_in_root /proc -t proc proc
  mount_in_root /sys -t sysfs -o ro sysfs
  # A running system's cgroup hierarchy, with what is mounted below it (a hybrid one's v2 is
  # /sys/fs/cgroup/unified): the tests make a desktop app's scope in it.
  mount_in_root /sys/fs/cgroup --rbind /sys/fs/cgroup
  # The host's pseudo-terminals: the copy's /dev/ptmx (5,2) opens them.
  mount_in_root /dev/pts --bind /dev/pts
  mount_in_root /dev/shm -t tmpfs -o mode=1777,nosuid,nodev shm
  mount_in_root /var/cache/apt/archives --bind "$archives"
  mount_in_root /opt/swift --bind "$toolchain"
  mount -o remount,bind,ro "$root/opt/swift"
  # The commit, in a repository of its own that the copy clones from.
  git init -q --bare "$root/srv/timepickerd.git"
  git -C "$checkout" push -q "$root/srv/timepickerd.git" "$commit:refs/heads/$branch"
  git -C "$root/srv/timepickerd.git" symbolic-ref HEAD "refs/heads/$branch"
}

# Where a command in the copy lists what it left running (see in_copy).
leftovers_file=/tmp/fresh-check-leftovers
# Runs "$@" with the copy as its root, in mount and PID namespaces of its own (the mounts made
# under the copy come along). What is still running when "$@" ends is listed in the copy's
# $leftovers_file, then ends with the namespace.
in_copy() {
  unshare --mount --pid --fork --kill-child --propagation private /bin/sh -c '
    root=$1 leftovers=$2
    shift 2
    mount --rbind "$root" "$root" && cd "$root" && mkdir -p .host && pivot_root . .host && cd / &&
      umount -l /.host && rmdir /.host && mount -t proc proc /proc || exit 125
    status=0
    "$@" || status=$?
    for process in /proc/[0-9]*; do
      [ "${process#/proc/}" = 1 ] || { tr "\0" " " <"$process/cmdline"; echo; } 2>/dev/null
    done >"$leftovers"
    exit $status' sh "$root" "$leftovers_file" "$@"
}
# Runs "$@" in the copy as root, with the environment of a login shell and the toolchain on PATH.
as_root() {
  in_copy env -i PATH="$path" HOME=/root USER=root LOGNAME=root SHELL=/bin/bash LANG=C.UTF-8 "$@"
}
# The same, as the user.
as_user() {
  in_copy runuser -u "$user" -- env -i PATH="$path" HOME="/home/$user" USER="$user" LOGNAME="$user" \
    SHELL=/bin/bash LANG=C.UTF-8 "$@"
}

# What the README asks to have before the two commands; $1 is the part, for the log.
prerequisites() {
  local packages=$2
  local started
  started=$(date +%s)
  as_root env DEBIAN_FRONTEND=noninteractive sh -c "apt-get update -qq && apt-get install -y -qq $packages" \
    </dev/null >"$top/$1-prerequisites.log" 2>&1 || fail "apt-get install $packages: $(tail -20 "$top/$1-prerequisites.log")"
  say "$1: apt-get install $packages took $(took "$started")"
}

# Clones the commit into $2 and runs `make test` there with `$1` (as_root or as_user), its
# output into PART.log; prints how long each step took and swift test's summary.
clone_and_test() {
  local run=$1 home=$2 part=$3 log=$top/$3.log
  local started status
  started=$(date +%s)
  "$run" git clone -q --branch "$branch" /srv/timepickerd.git "$home/timepickerd" </dev/null >"$log" 2>&1 ||
    fail "$part: git clone: $(cat "$log")"
  say "$part: cloned $commit ($branch) into $home/timepickerd ($(as_root stat -c '%a' "$home") $home) in $(took "$started")"
  started=$(date +%s)
  status=0
  "$run" timeout "$time_limit" sh -c "cd '$home/timepickerd' && exec make test" </dev/null >>"$log" 2>&1 || status=$?
  local summary
  summary=$(grep -a 'Test run with' "$log" | tail -n 1 || true)
  [ "$status" != 124 ] || say "$part: make test did not end within $time_limit"
  say "$part: make test exited $status after $(took "$started"); swift test: ${summary:-(no summary)}"
  local left
  left=$(grep -v '^ *$' "$root$leftovers_file" 2>/dev/null || true)
  [ -z "$left" ] || say "$part: still running after make test (ended with it):"$'\n'"$left"
  if [ "$status" != 0 ]; then
    # The tests' issues (first lines), else how the make before them failed.
    grep -a -E 'recorded an issue|error:' "$log" | cut -c1-400 | tail -n 40 >&2 || tail -n 20 "$log" >&2
    grep -a -F 'make: ***' "$log" >&2 || true
    return 1
  fi
}

failed=()
for part in $parts; do
  started=$(date +%s)
  fresh_copy "$part"
  case $part in
    root)
      prerequisites root "make git"
      clone_and_test as_root /root root || failed+=(root)
      ;;
    user)
      prerequisites user "make git sudo"
      as_root useradd --create-home --shell /bin/bash --groups sudo "$user"
      echo "$user ALL=(ALL) NOPASSWD: ALL" >"$root/etc/sudoers.d/$user"
      chmod 0440 "$root/etc/sudoers.d/$user"
      # git clones only from a repository of the cloning user's ("dubious ownership").
      as_root chown -R "$user:" /srv/timepickerd.git
      clone_and_test as_user "/home/$user" user || failed+=(user)
      ;;
    *) fail "no part $part (root, user)" ;;
  esac
  release_root
  say "$part: took $(took "$started") in all; log: $top/$part.log"
done
[ ${#failed[@]} = 0 ] || fail "make test failed: ${failed[*]}"
say "passed: $parts"
