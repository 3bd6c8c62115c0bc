#!/usr/bin/env bash
# Inspects what packaging/build.sh made, without installing anything system-wide:
#   the .deb's control data and file list, its desktop file, icons and polkit policy;
#   the launcher from the extracted .deb and from the unpacked bundle, run headless (--version, list --json);
#   the bundle's README, licences and icon, and the menu entry it installs for a user;
#   the bash completion, and the zsh completion in a real zsh where zsh is installed;
#   the window from the bundle under Xvfb (its X11 class and icon), and the menu launcher's pkexec
#   path with a stand-in pkexec: authentication given (root window), and cancelled (a window as
#   another user, read-only).
#   packaging/check.sh VERSION OUT      (the 'package' profile runs it in the verify phase)
# The window checks need Xvfb and xdotool; where they are missing they fail when CI is set, and are
# skipped with a message otherwise.
set -euo pipefail

version=$1
out=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
deb=$out/blockwipe_${version}_amd64.deb
bundle=$out/blockwipe-$version-linux-x86_64.tar.gz
scratch=$(mktemp -d /tmp/blockwipe-check.XXXXXX)
chmod 755 "$scratch"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

failures=0
ok() { printf '[check] ok    %s\n' "$*"; }
fail() { printf '[check] FAIL  %s\n' "$*" >&2; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@"; then ok "$what"; else fail "$what"; fi; }
skip_or_fail() {
    if [ -n "${CI-}" ]; then fail "$1 (CI is set, so this cannot be skipped)"; else printf '[check] skip  %s\n' "$1"; fi
}
# runs a command as nobody when this runs as root: what a user does must not need root
as_user() {
    if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; else "$@"; fi
}

[ -f "$deb" ] || { echo "check: no $deb (run mvn -B -Ppackage package first)" >&2; exit 1; }
[ -f "$bundle" ] || { echo "check: no $bundle" >&2; exit 1; }

# --- .deb: control data -------------------------------------------------------------------------
control=$(dpkg-deb -f "$deb")
field() { sed -n "s/^$1: //p" <<<"$control"; }
check "deb is package blockwipe $version for amd64" test "$(field Package) $(field Version) $(field Architecture)" = "blockwipe $version amd64"
for dependency in libc6 libgtk-3-0 libx11-6 libxtst6 libblkid1 libssl3 libudev1; do
    check "deb depends on $dependency" grep -Eq "(^|, |\| )$dependency( |,|$)" <<<"$(field Depends)"
done
check "deb recommends pkexec" grep -q pkexec <<<"$(field Recommends)"
check "deb makes the class-data archive when installed (postinst) and removes it (prerm)" \
    bash -c 'd=$(mktemp -d) && dpkg-deb -e "$1" "$d" && grep -q "lib/blockwipe-cds" "$d/postinst" && grep -q "blockwipe.jsa" "$d/prerm"; r=$?; rm -rf "$d"; exit $r' _ "$deb"
check "deb's postrm, on purge, removes the journals and the font cache, keeps the certificates and says where" \
    bash -c 'd=$(mktemp -d) && dpkg-deb -e "$1" "$d" && root=$d/root && mkdir -p "$root/var/lib/blockwipe/reports" \
        "$root/var/lib/blockwipe/journals" "$root/var/lib/blockwipe/fontcache" && touch "$root/var/lib/blockwipe/reports/a.json" \
        && sed "s|/var/lib/blockwipe|$root/var/lib/blockwipe|g; s|/root/.config|$root/.config|g" "$d/postrm" >"$d/postrm.here" \
        && msg=$(sh "$d/postrm.here" purge 2>&1) && test -f "$root/var/lib/blockwipe/reports/a.json" \
        && test ! -e "$root/var/lib/blockwipe/journals" && test ! -e "$root/var/lib/blockwipe/fontcache" \
        && grep -q "certificates stay in" <<<"$msg" && sh "$d/postrm.here" remove; r=$?; rm -rf "$d"; exit $r' _ "$deb"
check "deb has a description with a long part" test "$(dpkg-deb -I "$deb" | sed -n '/^ Description:/,$p' | wc -l)" -ge 5

# --- .deb: files --------------------------------------------------------------------------------
listing=$(dpkg-deb -c "$deb" | awk '{ $1 = $2 = $3 = $4 = $5 = ""; sub(/^ +/, ""); print }')
has() { grep -qxF -- "$1" <<<"$listing"; }
check "deb holds the launcher" has ./opt/blockwipe/bin/blockwipe
check "deb puts blockwipe on the PATH" has "./usr/bin/blockwipe -> /opt/blockwipe/bin/blockwipe"
check "deb holds the menu launcher" has ./opt/blockwipe/bin/blockwipe-window
check "deb holds the desktop file" has ./usr/share/applications/blockwipe.desktop
check "deb holds the polkit policy" has ./usr/share/polkit-1/actions/dev.blockwipe.policy
check "deb holds the runtime" has ./opt/blockwipe/runtime/bin/java
check "deb holds JavaFX's native libraries in the runtime" has ./opt/blockwipe/runtime/lib/libglassgtk3.so
check "deb holds the copyright file" has ./usr/share/doc/blockwipe/copyright
check "deb holds the README the window's Help › User guide opens" has ./opt/blockwipe/share/doc/blockwipe/README.md
check "deb holds the guides beside the README" has ./usr/share/doc/blockwipe/src/docs/window.md
for file in LICENSE NOTICE THIRD-PARTY; do
    check "deb holds $file in the application folder" has ./opt/blockwipe/$file
done
check "deb holds the class list the class-data archive is made from" has ./opt/blockwipe/lib/blockwipe.classlist
check "deb holds no class-data archive (it is made for the installed folder)" bash -c '! grep -q "blockwipe.jsa" <<<"$1"' _ "$listing"
for size in 16 24 32 48 64 128 256 512; do
    check "deb holds the ${size}px icon" has "./usr/share/icons/hicolor/${size}x${size}/apps/blockwipe.png"
done
check "deb holds the scalable icon" has ./usr/share/icons/hicolor/scalable/apps/blockwipe.svg
check "deb holds no JavaFX jar on the class path (JavaFX is in the runtime)" bash -c '! grep -q "lib/app/javafx" <<<"$1"' _ "$listing"

root=$scratch/deb
dpkg-deb -x "$deb" "$root"

# --- licences -----------------------------------------------------------------------------------
copyright=$root/usr/share/doc/blockwipe/copyright
check "copyright file is in Debian's machine-readable format" grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$copyright"
check "copyright file puts Blockwipe's own files under Apache-2.0" \
    bash -c 'sed -n "/^Files: \*\$/,/^\$/p" "$1" | grep -qx "License: Apache-2.0"' _ "$copyright"
check "LICENSE is the Apache License 2.0" grep -q 'Version 2.0, January 2004' "$root/opt/blockwipe/LICENSE"
# every jar the package carries is named in THIRD-PARTY and in the copyright file, so a new
# dependency cannot slip in without its licence being listed
for jar in "$root"/opt/blockwipe/lib/app/*.jar; do
    name=$(basename "$jar" .jar)
    name=${name%-[0-9]*}
    [ "$name" = blockwipe ] && continue
    check "copyright file covers $name" bash -c 'grep -E "^(Files:| )" "$1" | grep -q "lib/app/${2%%-*}-"' _ "$copyright" "$name"
    check "THIRD-PARTY lists $name's version" grep -q -- "$(basename "$jar" .jar | sed 's/^.*-\([0-9][0-9.]*\)$/\1/')" "$root/opt/blockwipe/THIRD-PARTY"
done

# --- manual pages and shell completion ----------------------------------------------------------
# A page for every command the program lists in its --help (and for report's own commands), so a
# new command without its page fails here.
commands=$(env -u DISPLAY "$root/opt/blockwipe/bin/blockwipe" --help | sed -n '/^Commands:/,$ s/^  \([a-z][a-z-]*\) .*/\1/p')
check "blockwipe --help lists its commands" test -n "$commands"
check "deb holds the manual page blockwipe(1)" has ./usr/share/man/man1/blockwipe.1.gz
for command in $commands; do
    check "deb holds the manual page blockwipe-$command(1)" has "./usr/share/man/man1/blockwipe-$command.1.gz"
done
check "deb holds the manual page blockwipe-report-verify(1)" has ./usr/share/man/man1/blockwipe-report-verify.1.gz
check "deb holds the bash completion" has ./usr/share/bash-completion/completions/blockwipe
check "deb holds the zsh completion" has ./usr/share/zsh/vendor-completions/_blockwipe
if command -v man >/dev/null; then
    check "man -l renders blockwipe(1) with its commands" bash -c \
        'page=$(MANWIDTH=100 man -l "$1" 2>&1) && grep -q "^NAME" <<<"$page" && grep -q "blockwipe - Erase disks" <<<"$page" && grep -q "wipe" <<<"$page"' \
        _ "$root/usr/share/man/man1/blockwipe.1.gz"
    check "man -l renders blockwipe-wipe(1) with its options" bash -c \
        'MANWIDTH=100 man -l "$1" 2>&1 | grep -q -- "--method=METHOD"' _ "$root/usr/share/man/man1/blockwipe-wipe.1.gz"
else
    skip_or_fail "man -l needs man (Debian: man-db)"
fi
# what Tab offers after the words given, from the installed bash completion
completes() {
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$*"
             COMP_POINT=${#COMP_LINE}; _blockwipe_with_devices blockwipe 2>/dev/null; printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$root/usr/share/bash-completion/completions/blockwipe" blockwipe "$@"
}
check "bash completes commands: blockwipe wi<Tab> → wipe" grep -qx wipe <<<"$(completes wi)"
check "bash completes options: blockwipe wipe --bl<Tab> → --blank, --block-size" \
    bash -c 'grep -qx -- --blank <<<"$1" && grep -qx -- --block-size <<<"$1"' _ "$(completes wipe --bl)"
check "bash completes methods: blockwipe wipe -m zero<Tab> → zero, zeroout" \
    bash -c 'grep -qx zero <<<"$1" && grep -qx zeroout <<<"$1"' _ "$(completes wipe -m zero)"
device=$(ls /sys/class/block | head -n 1)
check "bash completes devices: blockwipe show ${device:0:2}<Tab> → $device, and /dev/${device:0:2}<Tab> → /dev/$device" \
    bash -c 'grep -qx "$2" <<<"$1" && grep -qx "/dev/$2" <<<"$3"' _ "$(completes show "${device:0:2}")" "$device" "$(completes show "/dev/${device:0:2}")"
# the same, typed into an interactive zsh with compinit (packaging/zsh-completes.zsh), in an empty
# folder so that no file name can pass for a match; the first Tab is the one that loads _blockwipe
if command -v zsh >/dev/null; then
    mkdir -p "$scratch/zsh"
    zsh_offers=$(cd "$scratch/zsh" && timeout 120 zsh -f "$here/zsh-completes.zsh" \
        "$root/usr/share/zsh/vendor-completions" "blockwipe w" "blockwipe wipe -m " "blockwipe wipe --bl" \
        "blockwipe show ${device:0:2}" "blockwipe wipe --yes=${device:0:2}" "blockwipe w" 2>&1 || true)
    offers() { sed -n "s/^$1\t//p" <<<"$zsh_offers" | sort | tr '\n' ' '; }
    check "zsh completes commands on the Tab that loads the completion: blockwipe w<Tab> → wipe" \
        test "$(sed -n 1p <<<"$zsh_offers")" = "blockwipe w$(printf '\t')wipe"
    methods=$(printf '%s\n' zero one random nist-clear dod-short dod gutmann schneier hmg-is5-enhanced vsitr zeroout \
        discard secure-discard nvme-sanitize-block nvme-sanitize-crypto nvme-sanitize-overwrite nvme-format-user-data \
        nvme-format-crypto ata-sanitize-block ata-sanitize-crypto ata-sanitize-overwrite ata-secure-erase \
        ata-secure-erase-enhanced scsi-sanitize-block scsi-sanitize-crypto scsi-sanitize-overwrite | sort | tr '\n' ' ')
    check "zsh completes methods: blockwipe wipe -m <Tab> → the 26 methods, the drive's own erases among them" \
        test "$(offers "blockwipe wipe -m ")" = "$methods"
    check "zsh completes options: blockwipe wipe --bl<Tab> → --blank, --block-size" \
        test "$(offers "blockwipe wipe --bl")" = "--blank --block-size "
    check "zsh completes devices: blockwipe show ${device:0:2}<Tab> → $device, and --yes=${device:0:2}<Tab> → --yes=$device" \
        bash -c 'grep -qw "$1" <<<"$2" && grep -q -- "--yes=$1 " <<<"$3"' _ "$device" \
        "$(offers "blockwipe show ${device:0:2}")" "$(offers "blockwipe wipe --yes=${device:0:2}")"
    check "zsh completes on later Tabs too: blockwipe w<Tab> → wipe" test "$(sed -n '$p' <<<"$zsh_offers")" = "blockwipe w$(printf '\t')wipe"
else
    skip_or_fail "zsh completion needs zsh (Debian: zsh)"
fi

# --- desktop file, icons, polkit policy ---------------------------------------------------------
desktop=$root/usr/share/applications/blockwipe.desktop
check "desktop file is valid (desktop-file-validate)" desktop-file-validate "$desktop"
# desktop_key FILE GROUP KEY: the key's value in that group
desktop_key() { sed -n "/^\[$2\]/,/^\[/ s/^$3=//p" "$1"; }
entry() { desktop_key "$desktop" 'Desktop Entry' "$1"; }
check "desktop file runs the menu launcher the package holds" test -x "$root$(entry Exec)"
check "desktop file is in category System" grep -q '^System;' <<<"$(entry Categories)"
check "desktop file has keywords wipe, erase, disk, sanitize" \
    bash -c 'for k in wipe erase disk sanitize; do grep -q "\(^\|;\)$k;" <<<"$1" || exit 1; done' _ "$(entry Keywords)"
check "desktop file's window class is the one the window sets" test "$(entry StartupWMClass)" = blockwipe
png_size() { od -An -j16 -N8 -tu1 "$1" | awk '{ printf "%dx%d", $3 * 256 + $4, $7 * 256 + $8 }'; }
for size in 16 24 32 48 64 128 256 512; do
    icon=$root/usr/share/icons/hicolor/${size}x${size}/apps/blockwipe.png
    check "icon $(entry Icon) at ${size}px is a ${size}x${size} PNG" test "$(png_size "$icon")" = "${size}x${size}"
done
policy=$root/usr/share/polkit-1/actions/dev.blockwipe.policy
if [ -f /usr/share/polkit-1/policyconfig-1.dtd ]; then
    check "polkit policy is valid against polkit's DTD" xmllint --noout --dtdvalid /usr/share/polkit-1/policyconfig-1.dtd "$policy"
else
    check "polkit policy is well-formed XML (polkit's DTD is not installed here)" xmllint --noout "$policy"
fi
xpath() { xmllint --xpath "string($1)" "$policy"; }
action='/policyconfig/action[@id="dev.blockwipe.window"]'
check "polkit action dev.blockwipe.window asks for administrator authentication" \
    test "$(xpath "$action/defaults/allow_active")" = auth_admin
program=$(xpath "$action/annotate[@key=\"org.freedesktop.policykit.exec.path\"]")
check "polkit action's program ($program) is in the package and executable" test -x "$root$program"
check "polkit action keeps the display (allow_gui)" test "$(xpath "$action/annotate[@key=\"org.freedesktop.policykit.exec.allow_gui\"]")" = true

# --- the launcher, headless: from the extracted .deb and from the unpacked bundle ---------------
tar -xzf "$bundle" -C "$scratch"
headless() {
    local launcher=$1 where=$2
    local version_out list_out
    version_out=$(env -u DISPLAY -u WAYLAND_DISPLAY JAVA_HOME=/nonexistent "$launcher" --version 2>&1)
    check "$where: blockwipe --version names $version" grep -q "^blockwipe $version\$" <<<"$version_out"
    list_out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$launcher" list --json 2>"$scratch/list.err")
    check "$where: blockwipe list --json prints JSON" python3 -c 'import json, sys; json.loads(sys.argv[1])' "$list_out"
    check "$where: blockwipe list --json writes nothing to stderr" test ! -s "$scratch/list.err"
}
headless "$root/opt/blockwipe/bin/blockwipe" "deb"
headless "$scratch/blockwipe/bin/blockwipe" "bundle"
for file in README LICENSE NOTICE THIRD-PARTY share/icons/hicolor/256x256/apps/blockwipe.png \
        share/man/man1/blockwipe.1.gz share/man/man1/blockwipe-wipe.1.gz share/bash-completion/completions/blockwipe \
        share/zsh/vendor-completions/_blockwipe share/doc/blockwipe/README.md share/doc/blockwipe/src/docs/window.md; do
    check "bundle: holds $file" test -s "$scratch/blockwipe/$file"
done
check "bundle: README names the launchers it has" bash -c 'for name in blockwipe blockwipe-window; do
    grep -q "blockwipe/bin/$name " "$1/README" && test -x "$1/bin/$name" || exit 1; done' _ "$scratch/blockwipe"
check "bundle: its runtime is its own (no JDK needed)" test -x "$scratch/blockwipe/runtime/bin/java"
check "bundle: lib/blockwipe-cds makes a class-data archive the runtime accepts" bash -c '
    root=$1 && "$root/lib/blockwipe-cds" && . "$root/lib/classpath.sh" \
        && "$root/runtime/bin/java" -Xshare:on -XX:SharedArchiveFile="$archive" -cp "$classpath" dev.blockwipe.Main --version >/dev/null' \
    _ "$scratch/blockwipe"
check "bundle: with the archive, blockwipe --version still prints only its version" \
    bash -c 'test "$("$1" --version 2>&1 | head -n 1)" = "blockwipe $2"' _ "$scratch/blockwipe/bin/blockwipe" "$version"
check "bundle: blockwipe-pkexec refuses anything but the display variables" \
    bash -c '! "$1" LD_PRELOAD=/tmp/x.so 2>/dev/null' _ "$scratch/blockwipe/lib/blockwipe-pkexec"

# --- the bundle's menu entry: bin/blockwipe --install-desktop-entry -----------------------------
# Unpacked where a stick might be mounted (a space, a $ and a % in the path test Exec's quoting),
# installed by a user who is not root into a scratch home, twice, and once more into XDG_DATA_HOME.
stick="$scratch/USB stick \$1 100%"
mkdir -p "$stick" "$scratch/home" "$scratch/data"
tar -xzf "$bundle" -C "$stick"
[ "$(id -u)" -ne 0 ] || chown nobody "$scratch/home" "$scratch/data"
written=$scratch/home/.local/share/applications/blockwipe.desktop
install_entry() { as_user env -u XDG_DATA_HOME HOME="$scratch/home" "$@" "$stick/blockwipe/bin/blockwipe" --install-desktop-entry; }
said=$(install_entry 2>&1 || true)
check "bundle: --install-desktop-entry says in one line that it wrote ~/.local/share/applications/blockwipe.desktop" \
    test "$said" = "blockwipe: wrote $written (menu entry Blockwipe: $stick/blockwipe/bin/blockwipe-window)"
check "bundle: the entry it wrote is valid (desktop-file-validate)" desktop-file-validate "$written"
# an Exec value as the Desktop Entry Specification reads it: the string's escapes, then the one
# quoted argument's
exec_path() { python3 -c 'import re, sys
v = re.sub(r"\\(.)", lambda m: {"s": " ", "n": "\n", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1)), sys.argv[1])
assert v[0] == v[-1] == "\"", v
print(re.sub(r"\\([\\\"`$])", r"\1", v[1:-1]).replace("%%", "%"))' "$1"; }
check "bundle: the entry's Exec runs this bundle's bin/blockwipe-window" \
    test "$(exec_path "$(desktop_key "$written" 'Desktop Entry' Exec)")" = "$stick/blockwipe/bin/blockwipe-window"
check "bundle: the entry's read-only action runs this bundle's bin/blockwipe" \
    test "$(exec_path "$(desktop_key "$written" 'Desktop Action read-only' Exec)")" = "$stick/blockwipe/bin/blockwipe"
icon=$(desktop_key "$written" 'Desktop Entry' Icon 2>/dev/null || true)
check "bundle: the entry's Icon is this bundle's 256px icon" \
    test "$icon $(png_size "$icon")" = "$stick/blockwipe/share/icons/hicolor/256x256/apps/blockwipe.png 256x256"
check "bundle: the entry is the packages' desktop file but for Exec and Icon" \
    diff <(grep -Ev '^(Exec|Icon)=' "$desktop") <(grep -Ev '^(Exec|Icon)=' "$written")
cp "$written" "$scratch/first.desktop" 2>/dev/null || true
install_entry >/dev/null 2>&1 || true
check "bundle: --install-desktop-entry run again writes the same entry and leaves nothing else" \
    bash -c 'cmp -s "$1" "$2" && test "$(ls -A "$(dirname "$2")")" = blockwipe.desktop' _ "$scratch/first.desktop" "$written"
install_entry XDG_DATA_HOME="$scratch/data" >/dev/null 2>&1 || true
check "bundle: --install-desktop-entry writes into \$XDG_DATA_HOME/applications when that is set" \
    cmp -s "$scratch/first.desktop" "$scratch/data/applications/blockwipe.desktop"

# --- .rpm, where it was built -------------------------------------------------------------------
rpm=$(ls "$out"/blockwipe-"$version"-1.x86_64.rpm 2>/dev/null || true)
if [ -n "$rpm" ]; then
    # (files and links; the .deb's Debian changelog has no counterpart, an rpm keeps its own)
    # (but zsh's completion, which RPM distributions' zsh looks for in site-functions)
    check "rpm holds the same files as the deb" diff \
        <(rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$rpm" 2>/dev/null | grep -v '^d' | cut -d' ' -f2 | sort) \
        <(cd "$root" && find . -path ./DEBIAN -prune -o \( -type f -o -type l \) -print | sed 's|^\.||' \
            | grep -vx /usr/share/doc/blockwipe/changelog.gz | sed 's|^/usr/share/zsh/vendor-completions/|/usr/share/zsh/site-functions/|' | sort)
    check "rpm declares Apache-2.0 and the libraries' licences" \
        bash -c 'rpm -qp --qf "%{LICENSE}" "$1" 2>/dev/null | grep -q "^Apache-2.0 AND GPL-2.0-only WITH Classpath-exception-2.0"' _ "$rpm"
    check "rpm requires GTK 3 and libblkid" bash -c 'r=$(rpm -qpR "$1" 2>/dev/null); grep -q "libgtk-3.so.0" <<<"$r" && grep -q "libblkid.so.1" <<<"$r"' _ "$rpm"
fi

# --- the window, under Xvfb ---------------------------------------------------------------------
close_windows() {
    pkill -f "^$scratch/blockwipe/runtime/bin/java" 2>/dev/null || true
    for _ in $(seq 50); do
        xdotool search --classname '^blockwipe$' >/dev/null 2>&1 || return 0
        sleep 0.2
    done
}
window_checks() {
    local display=:$((90 + RANDOM % 100))
    Xvfb "$display" -ac -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
    pids+=($!)
    for _ in $(seq 50); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.2; done
    export DISPLAY=$display
    local app=$scratch/blockwipe

    # The window as root, straight from the bundle's launcher.
    "$app/bin/blockwipe" >"$scratch/window.log" 2>&1 &
    pids+=($!)
    local id
    id=$(timeout 90 xdotool search --sync --onlyvisible --classname '^blockwipe$' 2>/dev/null | head -n 1 || true)
    check "window: opens with X11 class blockwipe" test -n "$id"
    if [ -n "$id" ]; then
        # JavaFX sets the icon just after the window is mapped
        check "window: carries its icon (_NET_WM_ICON)" bash -c \
            'for _ in $(seq 50); do xprop -id "$1" _NET_WM_ICON | grep -q "Icon (" && exit 0; sleep 0.2; done; exit 1' _ "$id"
        import -window root "$out/window.png" 2>/dev/null || true
    fi
    check "window: no 'Unsupported JavaFX configuration' warning, no exception" \
        bash -c '! grep -Eq "Unsupported JavaFX|Exception|Error" "$1"' _ "$scratch/window.log"
    close_windows

    # The menu launcher as another user, with pkexec replaced by a stand-in that records its
    # arguments and then answers as pkexec does: 0 once the program ran (authenticated), 126 when
    # the dialog was dismissed. Then the recorded program is run the way pkexec runs it: as root,
    # with an empty environment.
    mkdir -p "$scratch/fake-ok" "$scratch/fake-cancel"
    install -m 666 /dev/null "$scratch/pkexec-args"
    printf '#!/bin/sh\nprintf "%%s\\n" "$@" >%s/pkexec-args\nexit %s\n' "$scratch" 0 >"$scratch/fake-ok/pkexec"
    printf '#!/bin/sh\nprintf "%%s\\n" "$@" >%s/pkexec-args\nexit %s\n' "$scratch" 126 >"$scratch/fake-cancel/pkexec"
    chmod 755 "$scratch/fake-ok/pkexec" "$scratch/fake-cancel/pkexec"
    running_as() { pgrep -u "$1" -f "^$app/runtime/bin/java" >/dev/null; }
    not_running_as() { ! running_as "$1"; }

    PATH=$scratch/fake-ok:$PATH as_user env HOME=/nonexistent "$app/bin/blockwipe-window" >"$scratch/ok.log" 2>&1
    check "menu launcher, authenticated: pkexec was asked to run lib/blockwipe-pkexec" \
        test "$(head -n 1 "$scratch/pkexec-args")" = "$app/lib/blockwipe-pkexec"
    check "menu launcher, authenticated: with the display as an argument" grep -qx "DISPLAY=$display" "$scratch/pkexec-args"
    check "menu launcher, authenticated: no second window as the user" not_running_as nobody
    mapfile -t recorded <"$scratch/pkexec-args"
    env -i "${recorded[@]}" >"$scratch/root.log" 2>&1 &
    pids+=($!)
    id=$(timeout 90 xdotool search --sync --onlyvisible --classname '^blockwipe$' 2>/dev/null | head -n 1 || true)
    check "menu launcher, authenticated: pkexec's program opens the window as root from an empty environment" test -n "$id"
    check "menu launcher, authenticated: the window runs as root" running_as root
    close_windows

    PATH=$scratch/fake-cancel:$PATH as_user env HOME=/nonexistent "$app/bin/blockwipe-window" >"$scratch/cancel.log" 2>&1 &
    pids+=($!)
    id=$(timeout 90 xdotool search --sync --onlyvisible --classname '^blockwipe$' 2>/dev/null | head -n 1 || true)
    check "menu launcher, cancelled: the window still opens" test -n "$id"
    check "menu launcher, cancelled: as the user, not root (read-only)" running_as nobody
    check "menu launcher, cancelled: says why on stderr" grep -q "opening the window read-only" "$scratch/cancel.log"
    close_windows
}
if command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v xprop >/dev/null && [ "$(id -u)" -eq 0 ]; then
    # nobody must reach the unpacked bundle
    chmod -R a+rX "$scratch"
    window_checks
else
    skip_or_fail "window checks need root, Xvfb, xdotool and xprop (Debian: xvfb xdotool x11-utils)"
fi

if [ "$failures" -gt 0 ]; then
    echo "[check] $failures check(s) failed" >&2
    exit 1
fi
echo "[check] all package checks passed"
