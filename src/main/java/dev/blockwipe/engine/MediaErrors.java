package dev.blockwipe.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A job's requests, made robust against failing media. A request that fails with a media error
 * (EIO and its kin) is tried once more; if it fails again, it is split in halves, and halves of
 * halves, down to the logical block, so that exactly the failing sectors are recorded as bad and
 * every other byte of the request is still written (or read). A device that is gone (ENODEV,
 * ENXIO, or EIO from a device no longer in sysfs) ends the job at once, and so does a dead one:
 * before a failing request is split, one sector that worked before is read again, and when that
 * fails too the device has stopped answering altogether (a bridge that dropped off, a controller
 * that died), which is not a bad sector. A device that answers but takes not one sector of
 * {@value #DEAD_REQUESTS} requests in a row (a worn-out SSD that went read-only, a disk dead from
 * the first request) is given up too: its bad "range" would be the whole disk, found one sector
 * at a time. The fault policy decides whether a bad range stops the job and how many make it give up.
 */
final class MediaErrors {
    private static final Set<String> MEDIA = Set.of("EIO", "ENODATA", "EREMOTEIO", "EILSEQ", "EBADMSG", "ETIMEDOUT");
    private static final Set<String> GONE = Set.of("ENODEV", "ENXIO", "ENOMEDIUM");
    static final int DEAD_REQUESTS = 8;

    /** One kind of request: a write or a read of {@code data.remaining()} bytes at {@code offset}. */
    @FunctionalInterface
    private interface Request {
        void run(long offset, ByteBuffer data) throws IOException;
    }

    private final BlockTarget target;
    private final BadSectors bad;
    private final FaultPolicy policy;
    private final int unit;
    /** Where a request last went through (at least one logical block), or -1 before the first. */
    private final AtomicLong lastGood = new AtomicLong(-1);
    /** Requests in a row of which not one sector went through. */
    private final AtomicInteger emptyInARow = new AtomicInteger();

    MediaErrors(BlockTarget target, BadSectors bad, FaultPolicy policy) {
        this.target = target;
        this.bad = bad;
        this.policy = policy;
        this.unit = target.info().logicalBlockSize();
    }

    /** Writes {@code data} at {@code offset}; returns the bytes the device took (the rest is recorded as bad). */
    long write(long offset, ByteBuffer data, int pass) throws IOException {
        List<ByteRange> done = new ArrayList<>(1);
        attempt(target::write, offset, data, pass, Stage.WRITE, done);
        return done.stream().mapToLong(ByteRange::length).sum();
    }

    /**
     * Writes {@code data.remaining()} bytes of a repeating pattern at {@code offset} from
     * {@code template} where the target can ({@link BlockTarget#writeRepeating}); where it cannot,
     * or the device reports a media error, {@code fill} puts the same bytes into {@code data} and
     * they are written as {@link #write} does, retried and split down to the bad sectors.
     */
    long writeRepeating(long offset, ByteBuffer template, ByteBuffer data, Runnable fill, int pass) throws IOException {
        giveUpIfTooMany();
        int length = data.remaining();
        try {
            if (target.writeRepeating(offset, template.duplicate(), length)) {
                wentThrough(offset, length);
                emptyInARow.set(0);
                return length;
            }
        } catch (TargetIoException e) {
            mediaError(e);
        }
        fill.run();
        return write(offset, data, pass);
    }

    /**
     * Reads into {@code data} at {@code offset}; returns the parts that were read, in order (the
     * rest is recorded as unreadable and its bytes in {@code data} mean nothing).
     */
    List<ByteRange> read(long offset, ByteBuffer data, int pass) throws IOException {
        List<ByteRange> done = new ArrayList<>(1);
        attempt(target::read, offset, data, pass, Stage.VERIFY, done);
        return done;
    }

    private void attempt(Request request, long offset, ByteBuffer data, int pass, Stage stage, List<ByteRange> done)
            throws IOException {
        giveUpIfTooMany();
        String error = tryOnce(request, offset, data, done);
        if (error != null) {
            error = tryOnce(request, offset, data, done);
        }
        if (error != null) {
            requireAnswering(offset, error);
            isolate(request, offset, data, pass, stage, done, error);
        }
        if (!done.isEmpty()) {
            emptyInARow.set(0);
        } else if (emptyInARow.incrementAndGet() >= DEAD_REQUESTS) {
            throw new BadSectorsException(target.info().path(), "given up: not one sector of " + DEAD_REQUESTS
                    + " requests in a row could be " + (stage == Stage.WRITE ? "written" : "read") + " (the last at offset "
                    + offset + ", " + error + "): the disk no longer takes " + (stage == Stage.WRITE ? "writes" : "reads"));
        }
    }

    /** Null when the request went through, else the media error's name. */
    private String tryOnce(Request request, long offset, ByteBuffer data, List<ByteRange> done) throws IOException {
        try {
            request.run(offset, data.duplicate());
            done.add(new ByteRange(offset, data.remaining()));
            wentThrough(offset, data.remaining());
            return null;
        } catch (TargetIoException e) {
            return mediaError(e);
        }
    }

    /** A sector that worked, for telling a dead device from a bad sector later. */
    private void wentThrough(long offset, int length) {
        if (length >= unit) {
            lastGood.set(offset);
        }
    }

    private void isolate(Request request, long offset, ByteBuffer data, int pass, Stage stage, List<ByteRange> done,
                         String error) throws IOException {
        int length = data.remaining();
        if (length <= unit) {
            bad.add(new BadRange(offset, length, error, pass, stage));
            return;
        }
        int half = Math.max(unit, length / 2 / unit * unit);
        part(request, offset, data.slice(data.position(), half), pass, stage, done);
        part(request, offset + half, data.slice(data.position() + half, length - half), pass, stage, done);
    }

    private void part(Request request, long offset, ByteBuffer data, int pass, Stage stage, List<ByteRange> done)
            throws IOException {
        String error = tryOnce(request, offset, data, done);
        if (error != null) {
            isolate(request, offset, data, pass, stage, done, error);
        }
    }

    /**
     * The errno name of a media error; a device that is gone, or any other failure, ends the job.
     */
    private String mediaError(TargetIoException e) throws IOException {
        if (GONE.contains(e.errnoName()) || MEDIA.contains(e.errnoName()) && !target.stillThere()) {
            throw new DeviceGoneException(target.info().path(), "the device disappeared at offset " + e.offset() + " ("
                    + e.errnoName() + ")", e);
        }
        if (!MEDIA.contains(e.errnoName())) {
            throw e;
        }
        return e.errnoName();
    }

    /**
     * Ends the job when the failure is not the media's: the device left sysfs (or is another one
     * now), or it no longer reads a sector that worked before.
     */
    private void requireAnswering(long offset, String error) throws IOException {
        String gone = !target.stillThere() ? "the device disappeared at offset " + offset + " (" + error + ")"
                : !readsAgain(lastGood.get()) ? "the device stopped answering at offset " + offset + " (" + error
                        + "; it no longer reads at offset " + lastGood.get() + ", where it worked before)"
                : null;
        if (gone != null) {
            throw new DeviceGoneException(target.info().path(), gone, null);
        }
    }

    private boolean readsAgain(long offset) throws IOException {
        if (offset < 0) {
            return true;
        }
        int align = Math.max(unit, IoContext.PAGE);
        ByteBuffer sector = ByteBuffer.allocateDirect(2 * align).alignedSlice(IoContext.PAGE).slice(0, unit);
        try {
            target.read(offset, sector);
            return true;
        } catch (TargetIoException e) {
            mediaError(e);
            return false;
        }
    }

    /**
     * Before a request: stops the job once there is a bad range and the policy says stop at the
     * first (the request that found it was finished, so every byte of it that could be written was),
     * or once there are more than the limit.
     */
    private void giveUpIfTooMany() throws IOException {
        List<BadRange> ranges = bad.ranges();
        if (policy.stopAtFirst() && !ranges.isEmpty()) {
            BadRange first = ranges.get(0);
            throw new BadSectorsException(target.info().path(), "stopped at the first bad sector (--on-error stop): "
                    + first.length() + " bytes at offset " + first.offset() + " could not be "
                    + (first.stage() == Stage.WRITE ? "written" : "read") + " (" + first.error() + ")");
        }
        if (ranges.size() > policy.maxBadRanges()) {
            throw new BadSectorsException(target.info().path(), "given up: more than " + policy.maxBadRanges()
                    + " bad ranges (" + bad.bytes() + " bytes): the disk is failing");
        }
    }
}
