#!/bin/sh
# mmdebstrap customize hook: the settings of the stick's root file system ($1), after its packages
# and packaging/live/root are in.
set -eu
root=$1
inside() { chroot "$root" "$@"; }

echo blockwipe >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tblockwipe\n' >"$root/etc/hosts"
# a fresh machine id per boot, and no ssh host keys shared by every stick (blockwipe-net makes them)
: >"$root/etc/machine-id"
rm -f "$root"/etc/ssh/ssh_host_*
chmod 700 "$root/root"
mkdir -p "$root/var/lib/blockwipe" "$root/var/log/blockwipe" "$root/root/.config"
chmod 700 "$root/var/lib/blockwipe" "$root/var/log/blockwipe"

# network and sshd off until blockwipe-net up
inside systemctl disable ssh.service systemd-networkd.service systemd-networkd.socket \
    systemd-networkd-wait-online.service 2>/dev/null || true
inside systemctl mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer e2scrub_reap.service fstrim.timer 2>/dev/null || true
inside systemctl enable blockwipe-stick.service
inside systemctl set-default multi-user.target
# gpt-auto would mount partitions it finds on the boot disk; masked here and off on the command line
ln -sf /dev/null "$root/etc/systemd/system-generators/systemd-gpt-auto-generator"

# the kernel's modules for sound, cameras, radio and Wi-Fi are of no use to a wiper: 100 MB less
kver=$(ls "$root/lib/modules")
for dir in sound drivers/media drivers/net/wireless net/wireless net/mac80211 net/bluetooth drivers/bluetooth \
        drivers/infiniband drivers/gpu/drm/amd drivers/gpu/drm/nouveau drivers/gpu/drm/radeon drivers/iio drivers/staging; do
    rm -rf "$root/lib/modules/$kver/kernel/$dir"
done
inside depmod "$kver"
inside update-initramfs -u -k "$kver" >/dev/null
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log "$root"/var/cache/debconf/*-old
