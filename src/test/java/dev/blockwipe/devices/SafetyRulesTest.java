package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SafetyRulesTest {
    /** A 1 GiB device nobody uses, with nothing on it. */
    private static final SafetyFacts BLANK = blank().done();

    private static final Signatures EXT4 = new Signatures(List.of(new Signature("ext4", "filesystem", "home", "")), "", null);

    /**
     * One fact set on a blank device each.
     *
     * @return name, facts, expected verdict level, reason (null unless blocked), text the description must contain
     */
    static Stream<Arguments> oneFactEach() {
        return Stream.of(
                row("unknown facts", blank().unknown("cannot read /proc/swaps").done(), "BLOCKED",
                        BlockReason.UNKNOWN_FACTS, "cannot read /proc/swaps"),
                row("system disk", blank().systemDisk("holds /, /boot").done(), "BLOCKED",
                        BlockReason.SYSTEM_DISK, "holds /, /boot"),
                row("mounted", blank().mounted("sdb1 is mounted at /data").done(), "BLOCKED",
                        BlockReason.MOUNTED, "sdb1 is mounted at /data"),
                row("swap", blank().swap("sdb2 is active swap").done(), "BLOCKED", BlockReason.SWAP,
                        "sdb2 is active swap"),
                row("held", blank().held("held by md0 (RAID)").done(), "BLOCKED", BlockReason.HELD,
                        "held by md0 (RAID)"),
                row("claimed", blank().claimed("held by the btrfs file system X, also on sdc (its exclusive open is busy)")
                        .done(), "BLOCKED", BlockReason.HELD, "held by the btrfs file system X, also on sdc"),
                row("probing", blank().probing("the Blockwipe window, process 812, is reading it").done(), "BLOCKED",
                        BlockReason.HELD, "the Blockwipe window, process 812, is reading it"),
                row("read-only", blank().readOnly("read-only (its ro flag is set)").done(), "BLOCKED",
                        BlockReason.READ_ONLY, "read-only (its ro flag is set)"),
                row("empty", blank().size(0).done(), "BLOCKED", BlockReason.EMPTY, "0 bytes"),
                row("loop backing file", blank().backs("/dev/loop3").done(), "BLOCKED",
                        BlockReason.BACKS_LOOP, "/dev/loop3"),
                row("unknown signatures", blank().signatures(Signatures.unknown("libblkid: I/O error")).done(),
                        "CONFIRM", null, "unknown contents (libblkid: I/O error)"),
                row("signatures", blank().signatures(EXT4).done(), "CONFIRM", null, "ext4 \"home\""),
                row("physical volume", blank().signatures(new Signatures(List.of(new Signature("LVM2_member", "raid",
                        "vg0", "")), "", null)).done(), "CONFIRM", null, "LVM2_member of volume group \"vg0\""),
                row("partition contents", blank().contents("sdb1: vfat \"EFI\"").done(), "CONFIRM", null,
                        "sdb1: vfat \"EFI\""),
                row("blank", BLANK, "WIPEABLE", null, "nothing recognised"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oneFactEach")
    void eachFactDecidesTheVerdictAndIsNamedInIt(String name, SafetyFacts facts, String level, BlockReason reason,
                                                 String mentioned) {
        SafetyVerdict v = SafetyRules.verdict(facts, false);

        assertThat(v.level()).isEqualTo(level);
        assertThat(v instanceof SafetyVerdict.Blocked b ? b.reason() : null).isEqualTo(reason);
        assertThat(v.describe()).contains(mentioned);
    }

    /** Facts set together, and the reason that must win. */
    static Stream<Arguments> precedence() {
        return Stream.of(
                Arguments.of(blank().mounted("mounted at /mnt").readOnly("read-only").done(), BlockReason.MOUNTED),
                Arguments.of(blank().unknown("cannot read /proc/self/mountinfo").systemDisk("holds /")
                        .mounted("mounted at /").done(), BlockReason.UNKNOWN_FACTS),
                Arguments.of(blank().systemDisk("holds /").mounted("mounted at /").swap("active swap").done(),
                        BlockReason.SYSTEM_DISK),
                Arguments.of(blank().swap("active swap").held("held by dm-0").done(), BlockReason.SWAP),
                Arguments.of(blank().held("held by dm-0").readOnly("read-only").size(0).done(), BlockReason.HELD),
                Arguments.of(blank().size(0).backs("/dev/loop0").done(), BlockReason.EMPTY));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("precedence")
    void checksRunInTheirFixedOrder(SafetyFacts facts, BlockReason first) {
        assertThat(reason(SafetyRules.verdict(facts, false))).isEqualTo(first);
    }

    @Test
    void onlyUnknownFactsAndLoopBackingFileAllowForce() {
        assertThat(Stream.of(BlockReason.values()).filter(BlockReason::forceOverrides))
                .containsExactlyInAnyOrder(BlockReason.UNKNOWN_FACTS, BlockReason.BACKS_LOOP);
    }

    /** With --force: facts, and the verdict that must result. */
    static Stream<Arguments> forced() {
        return Stream.of(
                Arguments.of("unknown facts alone", blank().unknown("cannot read /proc/swaps").done(), "WIPEABLE", null),
                Arguments.of("loop backing file alone", blank().backs("/dev/loop0").done(), "WIPEABLE", null),
                Arguments.of("unknown facts, then read-only",
                        blank().unknown("cannot read /proc/swaps").readOnly("read-only").done(), "BLOCKED",
                        BlockReason.READ_ONLY),
                Arguments.of("unknown facts, then mounted",
                        blank().unknown("cannot read sysfs sdb/ro").mounted("mounted at /mnt").done(), "BLOCKED",
                        BlockReason.MOUNTED),
                Arguments.of("loop backing file, then contents",
                        blank().backs("/dev/loop0").signatures(EXT4).done(), "CONFIRM", null),
                Arguments.of("system disk", blank().systemDisk("holds /").done(), "BLOCKED", BlockReason.SYSTEM_DISK),
                Arguments.of("mounted", blank().mounted("mounted at /mnt").done(), "BLOCKED", BlockReason.MOUNTED),
                Arguments.of("swap", blank().swap("active swap").done(), "BLOCKED", BlockReason.SWAP),
                Arguments.of("held", blank().held("held by md0").done(), "BLOCKED", BlockReason.HELD),
                Arguments.of("claimed", blank().claimed("held by a program or the kernel").done(), "BLOCKED",
                        BlockReason.HELD),
                Arguments.of("read-only", blank().readOnly("read-only").done(), "BLOCKED", BlockReason.READ_ONLY),
                Arguments.of("empty", blank().size(0).done(), "BLOCKED", BlockReason.EMPTY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forced")
    void forceSkipsOnlyOverridableReasonsAndLaterChecksStillApply(String name, SafetyFacts facts, String level,
                                                                   BlockReason reason) {
        SafetyVerdict v = SafetyRules.verdict(facts, true);

        assertThat(v.level()).isEqualTo(level);
        assertThat(reason(v)).isEqualTo(reason);
    }

    @Test
    void aTargetsOwnClaimNoLongerCountsOnceThisProcessHasOpenedIt() {
        SafetyFacts claimed = blank().claimed("held by a program or the kernel (its exclusive open is busy)").done();
        SafetyFacts claimedAndMounted = blank().claimed("held by x").mounted("sdb1 is mounted at /data").done();

        assertThat(reason(SafetyRules.verdict(claimed, false))).isEqualTo(BlockReason.HELD);
        assertThat(SafetyRules.verdict(claimed.openedHere(), false)).isInstanceOf(SafetyVerdict.Wipeable.class);
        assertThat(reason(SafetyRules.verdict(claimedAndMounted.openedHere(), false))).isEqualTo(BlockReason.MOUNTED);
    }

    @Test
    void deviceVerdictIsTheUnforcedOne() {
        SafetyFacts facts = blank().unknown("cannot read /proc/swaps").done();
        Device disk = new Disk(null, Transport.SATA, DeviceKind.HDD, Identity.NONE, Signatures.NONE, Usage.NONE,
                false, List.of(), facts);

        assertThat(reason(disk.verdict())).isEqualTo(BlockReason.UNKNOWN_FACTS);
    }

    private static BlockReason reason(SafetyVerdict v) {
        return v instanceof SafetyVerdict.Blocked b ? b.reason() : null;
    }

    private static Arguments row(String name, SafetyFacts facts, String level, BlockReason reason, String mentioned) {
        return Arguments.of(name, facts, level, reason, mentioned);
    }

    /** A blank, unused 1 GiB device with the facts a test sets: {@code blank().mounted("...").done()}. */
    private static Facts blank() {
        return new Facts();
    }

    private static final class Facts {
        private List<String> unknown = List.of();
        private String systemDisk;
        private List<String> mounted = List.of();
        private List<String> swap = List.of();
        private List<String> held = List.of();
        private String claimed;
        private List<String> probing = List.of();
        private String readOnly;
        private long size = 1L << 30;
        private List<String> backs = List.of();
        private Signatures signatures = Signatures.NONE;
        private List<String> contents = List.of();

        Facts unknown(String s) {
            unknown = List.of(s);
            return this;
        }

        Facts systemDisk(String s) {
            systemDisk = s;
            return this;
        }

        Facts mounted(String s) {
            mounted = List.of(s);
            return this;
        }

        Facts swap(String s) {
            swap = List.of(s);
            return this;
        }

        Facts held(String s) {
            held = List.of(s);
            return this;
        }

        Facts claimed(String s) {
            claimed = s;
            return this;
        }

        Facts probing(String s) {
            probing = List.of(s);
            return this;
        }

        Facts readOnly(String s) {
            readOnly = s;
            return this;
        }

        Facts size(long bytes) {
            size = bytes;
            return this;
        }

        Facts backs(String loop) {
            backs = List.of(loop);
            return this;
        }

        Facts signatures(Signatures s) {
            signatures = s;
            return this;
        }

        Facts contents(String s) {
            contents = List.of(s);
            return this;
        }

        SafetyFacts done() {
            return new SafetyFacts(unknown, systemDisk, mounted, swap, held, claimed, probing, readOnly, size, backs, signatures,
                    contents);
        }
    }
}
