#!/usr/bin/env bash
# The Blockwipe boot stick: a hybrid ISO (BIOS and UEFI; a CD image, or dd'ed to a USB stick) that
# boots Debian 12 into Blockwipe, installed from this build's own .deb.
#
#   packaging/live/build.sh VERSION TARGET
#
# The 'live' Maven profile calls it (mvn -B -Ppackage,live package) after packaging/build.sh made
# TARGET/packaging/blockwipe_VERSION_amd64.deb; it makes TARGET/packaging/blockwipe-live-VERSION-amd64.iso.
# Needs root (mmdebstrap --mode=root, loop-free: no device is touched) and deb.debian.org; installs
# its tools with apt when they are missing. SQUASHFS_COMP=xz trades build time for size (see README).
set -euo pipefail

version=$1
target=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
out=$target/packaging
work=$out/live
iso=$out/blockwipe-live-$version-amd64.iso
deb=$out/blockwipe_${version}_amd64.deb
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
comp=${SQUASHFS_COMP:-zstd}
started=$(date +%s)

say() { printf '[live] %s (%ss)\n' "$*" "$(($(date +%s) - started))"; }

[ "$(id -u)" -eq 0 ] || { echo "live: must run as root (mmdebstrap builds the image as root)" >&2; exit 1; }
[ -f "$deb" ] || { echo "live: no $deb; build it first: mvn -B -Ppackage,live package" >&2; exit 1; }

# --- the tools, from Debian 12 ------------------------------------------------------------------
missing=()
for pair in mmdebstrap:mmdebstrap mksquashfs:squashfs-tools xorriso:xorriso mkfs.vfat:dosfstools \
        mcopy:mtools grub-mkimage:grub-common zstd:zstd; do
    command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
done
[ -d /usr/lib/grub/i386-pc ] || missing+=(grub-pc-bin)
[ -d /usr/lib/grub/x86_64-efi ] || missing+=(grub-efi-amd64-bin)
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
fi

rm -rf "$work" "$iso"
mkdir -p "$work/iso/live" "$work/iso/boot/grub"
rootfs=$work/rootfs

# --- the root file system -----------------------------------------------------------------------
# No mdadm, lvm2, dmraid, multipath-tools, udisks2 or anything else that assembles, activates or
# mounts disks; recommends off, so none comes in by the back door (the check below makes sure).
# matchbox-window-manager rather than openbox: it shows every window full screen and dialogs
# centred above it, with nothing else to click (no menus, no desktop), in 200 KB.
packages=linux-image-amd64,initramfs-tools,busybox,zstd,systemd-sysv,udev,kmod,util-linux,iproute2,procps,less
packages+=,smartmontools,nvme-cli,hdparm,sg3-utils
packages+=,xserver-xorg-core,xserver-xorg-video-fbdev,xserver-xorg-input-libinput,xinit,xauth
packages+=,matchbox-window-manager,fonts-dejavu-core,openssh-server,ca-certificates
say "root file system: mmdebstrap bookworm"
mmdebstrap --variant=apt --mode=root --format=directory --include="$packages" \
    --aptopt='APT::Install-Recommends "false"' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --customize-hook="copy-in $deb /tmp" \
    --customize-hook="chroot \"\$1\" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/${deb##*/} >/dev/null" \
    --customize-hook="rm -f \"\$1\"/tmp/${deb##*/}" \
    --customize-hook="sync-in $here/root /" \
    --customize-hook="$here/customize.sh \"\$1\"" \
    bookworm "$rootfs" "$mirror" >"$work/mmdebstrap.log" 2>&1 \
    || { tail -n 30 "$work/mmdebstrap.log" >&2; echo "live: mmdebstrap failed (all of it: $work/mmdebstrap.log)" >&2; exit 1; }
[ -x "$rootfs/opt/blockwipe/bin/blockwipe" ] || { echo "live: the image has no Blockwipe ($work/mmdebstrap.log)" >&2; exit 1; }
for forbidden in mdadm lvm2 dmraid multipath-tools udisks2 live-boot; do
    if chroot "$rootfs" dpkg-query -W -f='${Status}' "$forbidden" 2>/dev/null | grep -q 'ok installed'; then
        echo "live: $forbidden is in the image; it must not be (it assembles or mounts disks)" >&2
        exit 1
    fi
done
mv "$rootfs"/boot/vmlinuz-* "$work/iso/live/vmlinuz"
mv "$rootfs"/boot/initrd.img-* "$work/iso/live/initrd.img"
rm -rf "$rootfs"/boot/* "$rootfs"/initrd.img* "$rootfs"/vmlinuz*
say "root file system: $(du -sh "$rootfs" | cut -f1)"

# --- the squashfs -------------------------------------------------------------------------------
case $comp in
    zstd) compression=(-comp zstd) ;;
    xz) compression=(-comp xz -Xbcj x86) ;;
    *) echo "live: SQUASHFS_COMP is zstd or xz, not $comp" >&2; exit 1 ;;
esac
mksquashfs "$rootfs" "$work/iso/live/filesystem.squashfs" -noappend -quiet -no-progress \
    -wildcards -e 'proc/*' 'sys/*' 'dev/*' 'run/*' 'tmp/*' "${compression[@]}" >/dev/null
say "squashfs ($comp): $(du -h "$work/iso/live/filesystem.squashfs" | cut -f1)"
rm -rf "$rootfs"

# --- GRUB: one menu, BIOS and UEFI --------------------------------------------------------------
# The ISO's UUID comes from its time stamp; GRUB and the initramfs find the medium by it, so a
# second stick or an older one in the same machine is not taken for this one.
stamp=$(date -u +%Y%m%d%H%M%S00)
uuid=$(sed -E 's/^(....)(..)(..)(..)(..)(..)(..)$/\1-\2-\3-\4-\5-\6-\7/' <<<"$stamp")
sed -e "s/@UUID@/$uuid/g" -e "s/@VERSION@/$version/g" "$here/grub.cfg" >"$work/iso/boot/grub/grub.cfg"
modules="biosdisk part_msdos part_gpt iso9660 fat search search_fs_uuid configfile normal linux echo test
    serial terminal sleep ls cat all_video gfxterm"
# BIOS GRUB loads its modules from the medium (prefix); UEFI GRUB has them inside, in its memdisk
printf 'search --no-floppy --fs-uuid --set=root %s\nset prefix=($root)/boot/grub\nconfigfile /boot/grub/grub.cfg\n' "$uuid" >"$work/embedded.cfg"
printf 'search --no-floppy --fs-uuid --set=root %s\nconfigfile ($root)/boot/grub/grub.cfg\n' "$uuid" >"$work/embedded-efi.cfg"
# BIOS: El Torito boot image from a CD, and boot_hybrid.img in the MBR from a stick
mkdir -p "$work/iso/boot/grub/i386-pc"
cp /usr/lib/grub/i386-pc/*.mod /usr/lib/grub/i386-pc/*.lst "$work/iso/boot/grub/i386-pc/"
# shellcheck disable=SC2086 # a word list
grub-mkimage -O i386-pc-eltorito -p /boot/grub -c "$work/embedded.cfg" -o "$work/iso/boot/grub/i386-pc/eltorito.img" $modules
# UEFI: a standalone GRUB (its modules inside) as EFI/BOOT/BOOTX64.EFI in a small FAT image, which
# is both the El Torito EFI image and the ISO's second (EFI system) partition
# shellcheck disable=SC2086
grub-mkstandalone -O x86_64-efi -o "$work/bootx64.efi" --locales= --fonts= --themes= \
    --install-modules="${modules/biosdisk/} efi_gop efi_uga" --modules="part_gpt part_msdos iso9660 search_fs_uuid" \
    "boot/grub/grub.cfg=$work/embedded-efi.cfg"
truncate -s 8M "$work/efiboot.img"
mkfs.vfat -n BWEFI "$work/efiboot.img" >/dev/null
mmd -i "$work/efiboot.img" ::/EFI ::/EFI/BOOT
mcopy -i "$work/efiboot.img" "$work/bootx64.efi" ::/EFI/BOOT/BOOTX64.EFI

# --- the stick's own writable partition ---------------------------------------------------------
# 64 MiB of FAT labelled BLOCKWIPE, appended as partition 3: written to a stick it holds the
# certificates, journals, signing key and logs (blockwipe-stick.service); on a CD it is read-only
# and Blockwipe's papers stay in memory.
truncate -s 64M "$work/blockwipe.fat"
mkfs.vfat -n BLOCKWIPE "$work/blockwipe.fat" >/dev/null
mmd -i "$work/blockwipe.fat" ::/reports ::/journals ::/config ::/logs ::/ssh
mcopy -i "$work/blockwipe.fat" "$here/stick-readme.txt" ::/README.TXT

# --- the ISO ------------------------------------------------------------------------------------
# Hybrid: ISO 9660 with El Torito (BIOS and EFI) for CDs and virtual CDs, and a GPT (with a
# protective MBR holding GRUB's boot_hybrid.img) for sticks: partition 1 the ISO, 2 the EFI image,
# 3 the BLOCKWIPE FAT.
xorriso -as mkisofs -quiet -o "$iso" -V BLOCKWIPE_LIVE -iso-level 3 -J -joliet-long -R \
    --modification-date="$stamp" \
    --grub2-mbr /usr/lib/grub/i386-pc/boot_hybrid.img --protective-msdos-label -partition_cyl_align off \
    -partition_offset 16 --mbr-force-bootable \
    -append_partition 2 0xef "$work/efiboot.img" \
    -append_partition 3 0x0c "$work/blockwipe.fat" \
    -appended_part_as_gpt \
    -c boot/grub/boot.cat \
    -b boot/grub/i386-pc/eltorito.img -no-emul-boot -boot-load-size 4 -boot-info-table --grub2-boot-info \
    -eltorito-alt-boot -e --interval:appended_partition_2:all:: -no-emul-boot \
    "$work/iso"
rm -rf "$work/iso/live/filesystem.squashfs"
say "iso: $iso ($(du -h "$iso" | cut -f1), UUID $uuid)"
