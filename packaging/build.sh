#!/usr/bin/env bash
# Makes Blockwipe installable: a Java runtime image (jlink: the JDK modules the application needs
# and JavaFX from its Maven jars), the application folder around it, and from that one folder the
# portable bundle (.tar.gz), the .deb and, where rpmbuild exists, the .rpm.
#
#   packaging/build.sh VERSION JDK TARGET
#
# The 'package' Maven profile calls it (mvn -B -Ppackage package) after it has made the thin
# application jar TARGET/blockwipe-VERSION.jar and listed the jars it needs from the local
# repository: TARGET/packaging/classpath.txt (the libraries) and javafx.txt (the JavaFX platform
# jars), and has written the CLI reference from the program's own command models (CliReference):
# TARGET/packaging/cli/man/*.adoc and cli/blockwipe.bash. Everything it makes lands in TARGET/packaging.
set -euo pipefail

version=$1
jdk=$2
target=$(realpath "$3")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
out=$target/packaging
work=$out/work
app=$work/blockwipe
stage=$work/root
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$repo" log -1 --format=%ct 2>/dev/null || date +%s)}

say() { printf '[packaging] %s\n' "$*"; }
# fill TEMPLATE NAME=VALUE...: the template with every @NAME@ replaced by its value
fill() {
    local text pair
    text=$(<"$1")
    shift
    for pair in "$@"; do
        text=${text//@${pair%%=*}@/${pair#*=}}
    done
    printf '%s\n' "$text"
}

# The tools the steps below run, named with the Debian package that has them: one line and no
# half-built output, instead of a failing pipe's exit code deep inside the .deb step.
missing=()
packages=()
for pair in objdump:binutils unzip:unzip dpkg-deb:dpkg dpkg-shlibdeps:dpkg-dev asciidoctor:asciidoctor; do
    command -v "${pair%%:*}" >/dev/null || { missing+=("${pair%%:*}"); packages+=("${pair#*:}"); }
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "packaging: needs ${missing[*]}; on Debian: apt-get install ${packages[*]}" >&2
    exit 1
fi

rm -rf "$work" "$out"/*.deb "$out"/*.rpm "$out"/*.tar.gz
mkdir -p "$app"/{bin,lib/app,lib/native} "$stage"

javafx_path=$(cat "$out/javafx.txt")
[ -n "$javafx_path" ] || { echo "packaging: no JavaFX platform jars listed in $out/javafx.txt" >&2; exit 1; }
dependencies=$(tr : '\n' <"$out/classpath.txt")

# --- the runtime image --------------------------------------------------------------------------
# jdeps finds the modules the classes name; jdk.crypto.ec holds the Ed25519 signer the certificates
# use (a security provider, found by name at run time), jdk.charsets the character sets of non-UTF-8
# locales, in which file names are decoded.
# (jdeps prints the list last, after a warning per package that OSHI's two jars share.)
modules=$("$jdk/bin/jdeps" --print-module-deps --ignore-missing-deps --multi-release 17 \
    --module-path "$javafx_path" "$target/blockwipe-$version.jar" $dependencies | tail -n 1)
[[ $modules =~ ^[a-z][a-z0-9.,]*$ ]] || { echo "packaging: jdeps gave no module list: $modules" >&2; exit 1; }
modules=$modules,jdk.crypto.ec,jdk.charsets
say "runtime modules: $modules"
# JavaFX's native libraries go beside the JDK's (runtime/lib), where JavaFX loads them from; left
# inside the module, JavaFX would unpack them into ~/.openjfx at every start. Sound and the AWT
# splash screen are never used and would only add dependencies (ALSA, giflib, libpng).
"$jdk/bin/jlink" --module-path "$javafx_path" --add-modules "$modules" \
    --exclude-resources='/javafx.graphics/*.so' \
    --exclude-files='**/libjsound.so,**/libsplashscreen.so' \
    --strip-debug --no-header-files --no-man-pages --output "$app/runtime"
unzip -q -j "$(tr : '\n' <<<"$javafx_path" | grep '/javafx-graphics-[^/]*-linux\.jar$')" '*.so' -d "$app/runtime/lib"
# jlink (17) leaves the JDK's class-data-sharing archive behind; one made for this image saves a
# good part of the JVM's start-up on every command.
"$app/runtime/bin/java" -Xshare:dump -XX:SharedArchiveFile="$app/runtime/lib/server/classes.jsa" >/dev/null

# --- the application folder (/opt/blockwipe, and the bundle's top folder) ------------------------
cp "$target/blockwipe-$version.jar" "$app/lib/app/blockwipe.jar"
# The README and the licences at the top of the folder, where someone who finds it on a USB stick
# looks first.
install -m 644 "$here/bundle/README" "$repo/LICENSE" "$here/NOTICE" "$here/THIRD-PARTY" "$app/"
cp $dependencies "$app/lib/app/"
unzip -q -j "$(grep '/jna-[0-9][^/]*\.jar$' <<<"$dependencies")" 'com/sun/jna/linux-x86-64/libjnidispatch.so' -d "$app/lib/native"
(cd "$app" && { echo lib/app/blockwipe.jar; ls lib/app/*.jar | grep -v '/blockwipe.jar$'; }) >"$app/lib/classpath"
glibc=$(find "$app" -type f \( -name '*.so' -o -perm -u+x \) -exec objdump -T {} + 2>/dev/null \
    | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -t. -k1,1n -k2,2n -u | tail -n 1)
say "oldest C library the runtime runs on: glibc $glibc"
fill "$here/launcher/blockwipe" "GLIBC=$glibc" >"$app/bin/blockwipe"
cp "$here/launcher/blockwipe-window" "$app/bin/"
cp "$here/launcher/blockwipe-pkexec" "$here/launcher/blockwipe-cds" "$here/launcher/blockwipe-desktop-entry" \
    "$here/launcher/classpath.sh" "$app/lib/"
chmod 755 "$app/bin/blockwipe" "$app/bin/blockwipe-window" "$app/lib/blockwipe-pkexec" "$app/lib/blockwipe-cds" \
    "$app/lib/blockwipe-desktop-entry"
# the template lib/blockwipe-desktop-entry points into the folder: the packages' desktop file
install -m 644 "$here/linux/blockwipe.desktop" "$app/lib/blockwipe.desktop"

# The class list for lib/blockwipe-cds: the classes the launcher's JVM loads for a wipe of an image
# file with a random and two pattern passes, its read-back, journal and certificate (JSON and PDF),
# and for a listing of this machine's devices.
train=$work/train
mkdir -p "$train"
truncate -s 16M "$train/disk.img"
papers="--report-dir $train/reports --journal-dir $train/journals"
for run in "wipe $train/disk.img -m dod-short --yes=disk.img $papers" \
        "wipe $train/disk.img -m zero --json --yes=disk.img $papers" "list --json"; do
    # shellcheck disable=SC2086 # each run is a word list
    JAVA_TOOL_OPTIONS="-XX:DumpLoadedClassList=$train/run.classlist" HOME="$train" XDG_CONFIG_HOME="$train/config" \
        "$app/bin/blockwipe" $run >/dev/null 2>"$train/run.err" \
        || { echo "packaging: the training run '$run' failed: $(tail -n 1 "$train/run.err")" >&2; exit 1; }
    cat "$train/run.classlist" >>"$train/all.classlist"
done
awk '!seen[$0]++' "$train/all.classlist" >"$app/lib/blockwipe.classlist"
say "class list: $(grep -c '^[a-z]' "$app/lib/blockwipe.classlist") classes"
# The icons, the manual pages (troff from picocli's AsciiDoc) and the shell completion, in the
# folder's share/ as they are laid out under /usr/share, so the bundle carries them too
# (MANPATH=blockwipe/share/man, and its desktop entry's icon).
for size in 16 24 32 48 64 128 256 512; do
    install -D -m 644 "$repo/icons/blockwipe-$size.png" "$app/share/icons/hicolor/${size}x${size}/apps/blockwipe.png"
done
install -D -m 644 "$repo/icons/blockwipe.svg" "$app/share/icons/hicolor/scalable/apps/blockwipe.svg"
cli=$out/cli
mkdir -p "$app/share/man/man1" "$app/share/bash-completion/completions" "$app/share/zsh/vendor-completions"
asciidoctor --failure-level WARN -b manpage -D "$work/man" "$cli"/man/*.adoc
for page in "$work"/man/*.1; do
    gzip -9n <"$page" >"$app/share/man/man1/$(basename "$page").gz"
done
cat "$cli/blockwipe.bash" "$here/completion/devices.bash" >"$app/share/bash-completion/completions/blockwipe"
{ cat "$here/completion/_blockwipe" "$app/share/bash-completion/completions/blockwipe"
  echo '_bash_complete -F _blockwipe_with_devices -o default'; } >"$app/share/zsh/vendor-completions/_blockwipe"
say "manual pages: $(ls "$app/share/man/man1" | wc -l); completion for bash and zsh"
# The README and the guides, laid out as in the source tree so that their links between each
# other and to the screenshots hold: the window's Help › User guide opens share/doc/blockwipe/README.md.
install -D -m 644 "$repo/README.md" "$app/share/doc/blockwipe/README.md"
install -D -m 644 -t "$app/share/doc/blockwipe/src/docs" "$repo"/src/docs/*.md
install -D -m 644 -t "$app/share/doc/blockwipe/src/docs/screenshots" "$repo"/src/docs/screenshots/*.png
chmod -R u=rwX,go=rX "$app"

# --- the portable bundle ------------------------------------------------------------------------
bundle=$out/blockwipe-$version-linux-x86_64.tar.gz
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -C "$work" -czf "$bundle" blockwipe
say "bundle: $bundle ($(du -h "$bundle" | cut -f1))"

# --- the file system tree both packages install -------------------------------------------------
mkdir -p "$stage/opt" "$stage/usr/bin" "$stage/usr/share/applications" "$stage/usr/share/polkit-1/actions" \
    "$stage/usr/share/doc/blockwipe"
cp -a "$app" "$stage/opt/blockwipe"
ln -s /opt/blockwipe/bin/blockwipe "$stage/usr/bin/blockwipe"
install -m 644 "$here/linux/blockwipe.desktop" "$stage/usr/share/applications/blockwipe.desktop"
install -m 644 "$here/linux/dev.blockwipe.policy" "$stage/usr/share/polkit-1/actions/dev.blockwipe.policy"
install -m 644 "$here/deb/copyright" "$stage/usr/share/doc/blockwipe/copyright"
# where the icon theme, man, bash-completion and zsh look; copies, not links into /opt, so each tool
# finds a plain file
cp -a "$app/share/icons" "$app/share/man" "$app/share/bash-completion" "$app/share/zsh" "$app/share/doc" "$stage/usr/share/"

# --- .deb ---------------------------------------------------------------------------------------
# Built from the tree with dpkg-deb rather than jpackage --type deb: jpackage keeps the desktop file
# and a single icon inside /opt and copies them out with xdg-utils in postinst (files dpkg does not
# know), and has no place for a polkit policy or a command on the PATH. Here every file belongs to
# the package. Depends: what the ELF files link (dpkg-shlibdeps, with the runtime's own libraries
# as private), plus what the application opens through JNA at run time: libblkid (signatures),
# libcrypto (AES-CTR for random passes), libudev (OSHI's drive details).
deb=$work/deb
mkdir -p "$deb/debian"
cp -a "$stage" "$deb/tree"
printf 'Source: blockwipe\n\nPackage: blockwipe\nArchitecture: amd64\n' >"$deb/debian/control"
linked=$(cd "$deb" && find tree -type f \( -name '*.so' -o -path '*/runtime/bin/*' \) -print0 \
    | xargs -0 dpkg-shlibdeps -O --ignore-missing-info -ltree/opt/blockwipe/runtime/lib \
        -ltree/opt/blockwipe/runtime/lib/server 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
depends="$linked, libblkid1, libssl3 | libssl3t64, libudev1"
mkdir -p "$deb/tree/DEBIAN"
install -m 755 "$here/deb/postinst" "$here/deb/prerm" "$here/deb/postrm" "$deb/tree/DEBIAN/"
printf 'blockwipe (%s) unstable; urgency=medium\n\n  * Built from %s.\n\n -- %s  %s\n' "$version" \
    "$(git -C "$repo" describe --always --dirty 2>/dev/null || echo "a source tree outside git")" \
    "$(sed -n 's/^Maintainer: //p' "$here/deb/control")" "$(date -u -R -d "@$SOURCE_DATE_EPOCH")" \
    | gzip -9n >"$deb/tree/usr/share/doc/blockwipe/changelog.gz"
fill "$here/deb/control" "VERSION=$version" "DEPENDS=$depends" \
    "INSTALLED_SIZE=$(du -sk --exclude=DEBIAN "$deb/tree" | cut -f1)" >"$deb/tree/DEBIAN/control"
(cd "$deb/tree" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$deb/tree/DEBIAN/md5sums"
find "$deb/tree" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$deb/tree" "$out/blockwipe_${version}_amd64.deb" >/dev/null
say "deb: $out/blockwipe_${version}_amd64.deb ($(du -h "$out/blockwipe_${version}_amd64.deb" | cut -f1))"

# --- .rpm (optional: where rpmbuild is installed) -----------------------------------------------
if command -v rpmbuild >/dev/null; then
    rpmbuild -bb --quiet --define "_topdir $work/rpm" --define "_rpmdir $out" --define "_build_name_fmt %%{NAME}-%%{VERSION}-%%{RELEASE}.%%{ARCH}.rpm" \
        --define "blockwipe_version $version" --define "blockwipe_tree $stage" \
        "$here/rpm/blockwipe.spec" >/dev/null
    say "rpm: $(ls "$out"/*.rpm)"
else
    say "rpm: skipped (no rpmbuild; Debian: apt-get install rpm)"
fi
