package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.BlockReason;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.TargetIdentity;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** Row facts for view-model tests that need a row but no inventory. */
public final class Rows {
    static final long MIB = 1L << 20;
    public static final SafetyVerdict WIPEABLE = new SafetyVerdict.Wipeable();
    public static final SafetyVerdict CONFIRM = new SafetyVerdict.NeedsConfirmation("gpt partition table");
    static final SafetyVerdict MOUNTED = new SafetyVerdict.Blocked(BlockReason.MOUNTED, "mounted at /mnt/data");

    private Rows() {
    }

    /** What the wipe dialog learns of the drive of rows like these: a loop device's, which takes no drive commands. */
    public static Function<RowFacts, CompletableFuture<DriveReport>> noDrive() {
        return t -> CompletableFuture.completedFuture(Drives.probe(DeviceCommands.NONE));
    }

    /** A 256 MiB loop device called {@code name}. */
    public static RowFacts loop(String name, SafetyVerdict verdict) {
        return facts(name, "Loop", 256 * MIB, verdict);
    }

    public static RowFacts facts(String name, String kind, long size, SafetyVerdict verdict) {
        return facts(name, kind, size, verdict, OldData.NONE);
    }

    /** A row whose writes may leave old data on the medium underneath ({@code oldData}: a file on btrfs). */
    public static RowFacts facts(String name, String kind, long size, SafetyVerdict verdict, OldData oldData) {
        return facts(name, kind, size, verdict, oldData, "");
    }

    /** A row of a disk that no overwrite fully reaches ({@code clearLimitation}: an SSD's). */
    public static RowFacts ssd(String name, String clearLimitation) {
        return facts(name, "SSD", 256 * MIB, WIPEABLE, OldData.NONE, clearLimitation);
    }

    private static RowFacts facts(String name, String kind, long size, SafetyVerdict verdict, OldData oldData,
                                  String clearLimitation) {
        return new RowFacts(name, "/dev/" + name, TargetIdentity.device(7, 3, size, 0, "", "", null), "/var/tmp/" + name + ".img",
                "", size, kind, "", "", "", verdict, Signatures.NONE, oldData, clearLimitation,
                List.of(new FactSheet.Fact("verdict", verdict.level())));
    }
}
