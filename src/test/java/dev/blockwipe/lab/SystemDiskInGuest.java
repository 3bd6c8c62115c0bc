package dev.blockwipe.lab;

import static dev.blockwipe.lab.Guest.quietly;
import static dev.blockwipe.lab.Guest.refused;
import static dev.blockwipe.lab.Guest.verdict;
import static dev.blockwipe.lab.Guest.wiped;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * In the lab (see {@link LabIT#theSystemDiskAMountedDiskAndSwapAreBlockedWhereTheRootIsOnNoDisk}):
 * the guest's root is an overlay of a tmpfs over 9p, on no disk, so no disk is the system disk
 * until the scenario mounts the running system's /boot (an md RAID1 over two SATA disks) and
 * /boot/efi; then both disks and all their partitions are, with the reason and without --force.
 * A mounted NVMe disk and swap on an NVMe partition are blocked for what they are, and wiped once
 * they are let go.
 */
class SystemDiskInGuest {
    @BeforeAll
    static void devices() throws IOException {
        Guest.require();
        Guest.drivers("nvme", "ahci", "sd_mod", "raid1");
        Guest.udev();
    }

    @Test
    void theDisksUnderTheRunningSystemsBootAreSystemDisksWithEveryPartition() throws IOException {
        String first = Guest.byId("ata-BOOTDISK_BOOT0001");
        String second = Guest.byId("ata-BOOTMIRROR_BOOT0002");
        Path efi = Path.of("/boot/efi");
        try {
            for (String disk : List.of(first, second)) {
                Sh.runWithInput("label: gpt\n,16M\n,\n", "sfdisk", "-q", "/dev/" + disk);
            }
            Guest.settle();
            assertThat(Guest.listed().values()).as("the root is an overlay over 9p: on no disk")
                    .noneMatch(d -> d.path("systemDisk").asBoolean());

            Sh.run("mdadm", "--create", "/dev/md/boot", "--run", "--level=1", "--raid-devices=2", "--metadata=1.0",
                    "--assume-clean", "/dev/" + first + "1", "/dev/" + second + "1");
            Sh.run("mkfs.ext4", "-q", "/dev/md/boot");
            Sh.run("mount", "/dev/md/boot", "/boot");
            Sh.run("mkfs.vfat", "/dev/" + first + "2");
            Sh.run("mount", "/dev/" + first + "2", Files.createDirectories(efi).toString());
            Guest.settle();
            String md = Guest.kernelName("/dev/md/boot");

            Map<String, JsonNode> listed = Guest.listed();

            verdict(listed, first, "BLOCKED", "SYSTEM_DISK", "system disk: holds /boot, /boot/efi");
            verdict(listed, second, "BLOCKED", "SYSTEM_DISK", "system disk: holds /boot");
            verdict(listed, second + "2", "BLOCKED", "SYSTEM_DISK", "system disk: on " + second + ", which holds /boot");
            verdict(listed, md, "BLOCKED", "SYSTEM_DISK", "system disk: holds /boot");
            assertThat(List.of(first, second, md)).allMatch(d -> listed.get(d).path("systemDisk").asBoolean());
            refused("/dev/" + second + "2", "system disk: on " + second + ", which holds /boot");
            refused("/dev/" + first, "system disk: holds /boot, /boot/efi");
        } finally {
            quietly("umount", efi.toString());
            quietly("umount", "/boot");
            quietly("mdadm", "--stop", "/dev/md/boot");
        }
    }

    @Test
    void aMountedDiskIsBlockedUntilItIsUnmounted() throws IOException {
        Path mnt = Files.createDirectories(Path.of("/mnt/data"));
        try {
            Sh.run("mkfs.ext4", "-q", "/dev/nvme0n1");
            Sh.run("mount", "/dev/nvme0n1", mnt.toString());

            Map<String, JsonNode> listed = Guest.listed();

            verdict(listed, "nvme0n1", "BLOCKED", "MOUNTED", "mounted at /mnt/data");
            assertThat(listed.get("nvme0n1").path("systemDisk").asBoolean()).as("/mnt/data is not the system").isFalse();
            refused("/dev/nvme0n1", "mounted at /mnt/data");

            Sh.run("umount", mnt.toString());
            verdict(Guest.listed(), "nvme0n1", "CONFIRM", null, "holds ext4");
            wiped("/dev/nvme0n1");
        } finally {
            quietly("umount", mnt.toString());
        }
    }

    @Test
    void swapOnADiskPartitionBlocksItAndItsDiskButNotThePartitionBesideIt() throws IOException {
        String swap = "/dev/nvme0n2p1";
        try {
            Sh.runWithInput("label: gpt\n,16M\n,\n", "sfdisk", "-q", "/dev/nvme0n2");
            Guest.settle();
            Sh.run("mkswap", swap);
            Sh.run("swapon", swap);
            Sh.run("dd", "if=/dev/urandom", "of=/dev/nvme0n2p2", "bs=1M", "count=1", "oflag=direct", "status=none");

            Map<String, JsonNode> listed = Guest.listed();

            verdict(listed, "nvme0n2p1", "BLOCKED", "SWAP", "active swap");
            verdict(listed, "nvme0n2", "BLOCKED", "SWAP", "nvme0n2p1 is active swap");
            verdict(listed, "nvme0n2p2", "WIPEABLE", null);
            refused("/dev/nvme0n2", "nvme0n2p1 is active swap");
            refused(swap, "active swap");
            wiped("/dev/nvme0n2p2");

            Sh.run("swapoff", swap);
            verdict(Guest.listed(), "nvme0n2p1", "CONFIRM", null, "holds swap");
            wiped(swap);
        } finally {
            quietly("swapoff", swap);
        }
    }
}
