package dev.blockwipe.engine.job;

import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.firmware.FirmwareOperation;
import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.firmware.FirmwareProgress;
import dev.blockwipe.engine.firmware.FirmwareRecord;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.TargetKind;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.DoubleConsumer;
import java.util.random.RandomGenerator;

/**
 * A firmware method on one drive: the drive's offer of it, asked through the target's own
 * descriptor, and the run that judges the drive's word by canaries. Only a whole drive erases
 * itself, and only with a command its identify data says it supports: anything else is refused
 * before the first write.
 */
final class FirmwareErase {
    private final DriveReport drive;
    private final Offer offer;
    private final FirmwareOperation operation;

    private FirmwareErase(DriveReport drive, Offer offer) {
        this.drive = drive;
        this.offer = offer;
        this.operation = offer.operation().orElseThrow();
    }

    /**
     * The drive's offer of {@code method}.
     *
     * @throws OperationNotSupportedException for a partition or an image file, and when the drive
     *                                        does not offer the method (with the drive's reason)
     */
    static FirmwareErase offered(WipeMethod method, BlockTarget target) throws OperationNotSupportedException {
        TargetInfo info = target.info();
        if (info.kind() != TargetKind.BLOCK_DEVICE) {
            throw new OperationNotSupportedException(info.path(), method.name(),
                    "image file: only a drive erases itself with its own command");
        }
        if (info.diskOffset() != 0) {
            throw new OperationNotSupportedException(info.path(), method.name(),
                    "partition: a firmware erase erases the whole drive, so choose the disk");
        }
        FirmwareMethod firmware = FirmwareMethod.byName(method.name())
                .orElseThrow(() -> new IllegalArgumentException(method.name() + " is not a firmware method"));
        DriveReport drive = Drives.probe(target.commands());
        Offer offer = drive.offer(firmware);
        if (!offer.available()) {
            throw new OperationNotSupportedException(info.path(), method.name(), "device: " + offer.reason());
        }
        return new FirmwareErase(drive, offer);
    }

    /**
     * The plan as this drive runs it: its one pass is what the drive defines its blocks to read as
     * afterwards, and the read-back is the one asked for where that is defined, none where not.
     */
    WipePlan plan(WipePlan general) {
        return offer.readsAs()
                .map(p -> new WipePlan(general.method(), List.of(new Pass(1, p, false)), general.verification(),
                        general.blockSize(), general.queueDepth(), general.randomBlockSize(), general.randomDepth(),
                        general.keystream()))
                .orElseGet(() -> new WipePlan(general.method(), general.passes(), new Verification.Off(),
                        general.blockSize(), general.queueDepth(), general.randomBlockSize(), general.randomDepth(),
                        general.keystream()));
    }

    /** What the pass is: "erased by the drive, defined to read as 0x00". */
    String passLabel() {
        return "erased by the drive, " + readsAs();
    }

    private String readsAs() {
        return offer.readsAs().map(p -> "defined to read as " + p.describe())
                .orElse("what it reads as afterwards is not defined by the drive");
    }

    /** The record before the drive was asked: canaries planted, none read back. */
    FirmwareRecord pending(Canaries canaries) {
        return record(new FirmwareOutcome(false, "not sent", List.of()), canaries.planted());
    }

    /**
     * Plants the canaries, sends the command, follows the drive to its end and reads the canaries
     * back; {@code done} gets the drive's progress (0 to 1) where it reports one, and {@code
     * recorded} the record as it stands after each step, so that a failure keeps what happened.
     */
    FirmwareRecord run(BlockTarget target, RandomGenerator random, DoubleConsumer done,
                       java.util.function.Consumer<FirmwareRecord> recorded) throws IOException {
        Canaries canaries = Canaries.plant(target, random);
        recorded.accept(pending(canaries));
        FirmwareOutcome outcome = operation.run(target.commands(), new FirmwareProgress() {
            @Override
            public void progress(double fraction, String status) {
                if (fraction >= 0) {
                    done.accept(fraction);
                }
            }

            @Override
            public void pause(Duration pause) throws IOException {
                FirmwareProgress.sleep(pause);
            }
        });
        recorded.accept(record(outcome, canaries.planted()));
        FirmwareRecord after = record(outcome, canaries.readBack());
        recorded.accept(after);
        return after;
    }

    private FirmwareRecord record(FirmwareOutcome outcome, FirmwareRecord.Canaries canaries) {
        String who = drive.model() + (drive.serial().isEmpty() ? "" : ", serial " + drive.serial())
                + (drive.firmware().isEmpty() ? "" : ", firmware " + drive.firmware()) + " (" + drive.commandSet() + ")";
        return new FirmwareRecord(offer.method().cliName(), who, operation.command(),
                offer.estimate().map(FirmwareErase::minutes).orElse(""), readsAs(), outcome, canaries);
    }

    /** "about 2 minutes" for an estimate. */
    static String minutes(Duration estimate) {
        long m = Math.max(1, (estimate.toSeconds() + 59) / 60);
        return "about " + m + (m == 1 ? " minute" : " minutes");
    }
}
