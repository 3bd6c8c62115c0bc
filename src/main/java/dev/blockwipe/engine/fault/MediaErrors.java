package dev.blockwipe.engine.fault;

import dev.blockwipe.engine.DirectBuffers;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetIoException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.ByteRange;
import dev.blockwipe.engine.io.Sweep;
import dev.blockwipe.engine.method.PatternSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * A job's requests, made robust against failing media, giving up on a disk by evidence rather than
 * by exhaustion.
 *
 * <p>A request that fails with a media error (EIO and its kin) is tried once more. If it fails
 * again, the range is resolved: {@value #PROBES} sectors spread across it are tried one by one;
 * when one goes through, the range is split in halves and each half resolved the same way, down to
 * the logical block, so that exactly the failing sectors are recorded as bad and every other byte
 * is still written (or read). When none goes through, the whole range is counted bad without
 * trying each of its sectors (on a disk whose errors take seconds each, a dead region would take
 * hours a sector at a time); {@link BadSectors#wholeRanges()} says how much was counted that way.
 *
 * <p>Whether the disk as a whole still works is asked of it, not counted: a device that left
 * sysfs, or no longer reads a sector it read before, is gone (the job ends at once); a request none
 * of whose probes went through is followed by a few sectors elsewhere on the disk (the last one
 * that worked, then {@value #DISK_PROBES} spread over the rest): when not one of them goes through
 * either, the disk no longer takes writes (or reads), and the job ends with that first cause. A disk
 * more than half of which could not be written or read is given up too, whatever its size.
 *
 * <p>With the policy "stop at the first", no new request starts while a failing one is being
 * resolved (see {@link #awaitOpen}): once it is confirmed bad, the job stops; the requests already
 * in flight when it failed are the only others that complete.
 */
public final class MediaErrors implements Sweep.Gate {
    /** Sectors tried across a failing range before it is split; none going through makes the whole range bad. */
    static final int PROBES = 8;
    /** Sectors tried across the disk after a range none of whose probes went through. */
    static final int DISK_PROBES = 16;
    /** How long a device that stopped answering is watched for leaving sysfs, as a pulled one does. */
    static final long REMOVAL_MILLIS = 2000;
    private static final long REMOVAL_POLL_MILLIS = 50;

    /** One kind of request: a write or a read of {@code data.remaining()} bytes at {@code offset}. */
    @FunctionalInterface
    private interface Request {
        void run(long offset, ByteBuffer data) throws IOException;
    }

    private final BlockTarget target;
    private final BadSectors bad;
    private final FaultPolicy policy;
    private final int unit;
    private final long size;
    /** Where a request last went through (at least one logical block), or -1 before the first. */
    private final AtomicLong lastGood = new AtomicLong(-1);
    /** Requests being resolved after a failure; guarded by this. */
    private int resolving;

    public MediaErrors(BlockTarget target, BadSectors bad, FaultPolicy policy) {
        this.target = target;
        this.bad = bad;
        this.policy = policy;
        this.unit = target.info().logicalBlockSize();
        this.size = target.info().size();
    }

    /**
     * Writes {@code data} at {@code offset}; returns the bytes the device took (the rest is
     * recorded as bad). {@code source} makes the pass's bytes for any other offset, for the
     * sectors tried elsewhere on the disk when this request takes nothing.
     */
    public long write(long offset, ByteBuffer data, int pass, PatternSource source) throws IOException {
        List<ByteRange> done = new ArrayList<>(1);
        attempt(target::write, anywhere -> {
            source.fill(anywhere.buffer(), anywhere.offset());
            target.write(anywhere.offset(), anywhere.buffer());
        }, offset, data, pass, Stage.WRITE, done);
        return done.stream().mapToLong(ByteRange::length).sum();
    }

    /**
     * Writes {@code data.remaining()} bytes of a repeating pattern at {@code offset} from
     * {@code template} where the target can ({@link BlockTarget#writeRepeating}); where it cannot,
     * or the device reports a media error, {@code source} puts the same bytes into {@code data} and
     * they are written as {@link #write} does, retried and split down to the bad sectors.
     */
    public long writeRepeating(long offset, ByteBuffer template, ByteBuffer data, int pass, PatternSource source)
            throws IOException {
        giveUpIfTooMany();
        int length = data.remaining();
        try {
            if (target.writeRepeating(offset, template.duplicate(), length)) {
                wentThrough(offset, length);
                return length;
            }
        } catch (TargetException e) {
            mediaError(e, offset);
        }
        source.fill(data, offset);
        return write(offset, data, pass, source);
    }

    /**
     * Reads into {@code data} at {@code offset}; returns the parts that were read, in order (the
     * rest is recorded as unreadable and its bytes in {@code data} mean nothing).
     */
    public List<ByteRange> read(long offset, ByteBuffer data, int pass) throws IOException {
        List<ByteRange> done = new ArrayList<>(1);
        attempt(target::read, anywhere -> target.read(anywhere.offset(), anywhere.buffer()), offset, data, pass,
                Stage.VERIFY, done);
        return done;
    }

    /**
     * Under "stop at the first", holds a worker back before its next request while another
     * request's failure is being resolved; it then goes on, and its next request stops the job if
     * that failure was a bad sector.
     */
    @Override
    public void awaitOpen(BooleanSupplier stop) throws InterruptedException {
        if (!policy.stopAtFirst()) {
            return;
        }
        synchronized (this) {
            while (resolving > 0 && !stop.getAsBoolean()) {
                wait(Sweep.TICK_MILLIS);
            }
        }
    }

    /** A sector somewhere on the target, for a request that tries it: the offset and a buffer of its length. */
    private record Sector(long offset, ByteBuffer buffer) {
    }

    /** Writes or reads one {@link Sector} elsewhere on the disk. */
    @FunctionalInterface
    private interface Elsewhere {
        void run(Sector sector) throws IOException;
    }

    private void attempt(Request request, Elsewhere elsewhere, long offset, ByteBuffer data, int pass, Stage stage,
                         List<ByteRange> done) throws IOException {
        giveUpIfTooMany();
        if (tryOnce(request, offset, data, done) == null) {
            return;
        }
        resolving(1);
        try {
            String error = tryOnce(request, offset, data, done);
            if (error == null) {
                return;
            }
            requireAnswering(offset, error);
            resolve(request, offset, data, pass, stage, done, error);
            if (done.isEmpty()) {
                requireTakenElsewhere(elsewhere, offset, data.remaining(), stage, error);
            }
        } finally {
            resolving(-1);
        }
    }

    private synchronized void resolving(int change) {
        resolving += change;
        if (resolving == 0) {
            notifyAll();
        }
    }

    /** Null when the request went through, else the media error's name. */
    private String tryOnce(Request request, long offset, ByteBuffer data, List<ByteRange> done) throws IOException {
        try {
            request.run(offset, data.duplicate());
            done.add(new ByteRange(offset, data.remaining()));
            wentThrough(offset, data.remaining());
            return null;
        } catch (TargetException e) {
            return mediaError(e, offset);
        }
    }

    /** A sector that worked, for telling a dead device from a bad sector later. */
    private void wentThrough(long offset, int length) {
        if (length >= unit) {
            lastGood.set(offset);
        }
    }

    /**
     * Finds the bad sectors of a range that failed with {@code error}: a range of a few sectors
     * sector by sector, a larger one by its probes, then by halves.
     */
    private void resolve(Request request, long offset, ByteBuffer data, int pass, Stage stage, List<ByteRange> done,
                         String error) throws IOException {
        int length = data.remaining();
        if (length <= unit) {
            bad.add(new BadRange(offset, length, error, pass, stage));
            return;
        }
        if (length > PROBES * unit && !anyProbeGoesThrough(request, offset, data)) {
            bad.addWhole(new BadRange(offset, length, error, pass, stage));
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
            resolve(request, offset, data, pass, stage, done, error);
        }
    }

    /**
     * Tries {@value #PROBES} single sectors spread evenly across the range, first and last
     * included, until one goes through. They are only evidence: what went through is written (or
     * read) again as part of a half, and counted then.
     */
    private boolean anyProbeGoesThrough(Request request, long offset, ByteBuffer data) throws IOException {
        int sectors = (data.remaining() + unit - 1) / unit;
        for (int i = 0; i < PROBES; i++) {
            int at = (int) ((long) i * (sectors - 1) / (PROBES - 1)) * unit;
            ByteBuffer sector = data.slice(data.position() + at, Math.min(unit, data.remaining() - at));
            if (tryOnce(request, offset + at, sector, new ArrayList<>(1)) == null) {
                return true;
            }
        }
        return false;
    }

    /**
     * After a request of which nothing went through: does the disk still take this kind of
     * request anywhere? The sector that last worked is tried first, then {@value #DISK_PROBES}
     * spread evenly over the target, passing over known bad ranges and the failed request. When not
     * one goes through, the disk is given up with this first failure as the cause. A written probe
     * carries the pass's own bytes for its offset, so it writes nothing the pass would not.
     */
    private void requireTakenElsewhere(Elsewhere elsewhere, long offset, int length, Stage stage, String error)
            throws IOException {
        List<Long> tried = new ArrayList<>();
        long last = lastGood.get();
        if (last >= 0) {
            tried.add(last);
        }
        long sectors = size / unit;
        for (int i = 0; i < DISK_PROBES && sectors > 0; i++) {
            long at = (i * (sectors - 1) / Math.max(1, DISK_PROBES - 1)) * unit;
            boolean good = bad.goodParts(at, unit).equals(List.of(new ByteRange(at, unit)));
            if ((at < offset || at >= offset + length) && good && !tried.contains(at)) {
                tried.add(at);
            }
        }
        ByteBuffer buffer = DirectBuffers.aligned(unit);
        for (long at : tried) {
            try {
                elsewhere.run(new Sector(at, buffer.clear()));
                wentThrough(at, unit);
                return;
            } catch (TargetException e) {
                mediaError(e, at);
            }
        }
        String verb = stage == Stage.WRITE ? "written" : "read";
        String takes = stage == Stage.WRITE ? "writes" : "reads";
        throw new DiskFailingException(target.info().path(), "given up: the disk no longer takes " + takes + " at offset "
                + offset + " (" + error + "): not one of the " + PROBES + " sectors tried across the "
                + Units.bytes(length) + " there could be " + verb + ", nor one of " + tried.size()
                + " elsewhere on the disk" + (last >= 0 ? ", the last one that worked (offset " + last + ") included" : ""));
    }

    /**
     * The errno name of a media error; a device that is gone, or any other failure, ends the job.
     * A pulled disk fails in more ways than ENODEV: the kernel sets its capacity to 0 as it removes
     * it, so a write then fails with ENOSPC and a read transfers nothing, and a request it had
     * already taken fails with EIO; each of those from a device that is no longer there is the
     * device gone, not a bad sector or an error of its own.
     */
    private String mediaError(TargetException e, long requestOffset) throws IOException {
        String errno = e instanceof TargetIoException io ? io.errnoName() : "";
        ErrnoKind kind = ErrnoKind.of(errno);
        if (kind == ErrnoKind.GONE || !target.stillThere()) {
            long at = e instanceof TargetIoException io && io.offset() >= 0 ? io.offset() : requestOffset;
            throw gone(at, errno.isEmpty() ? e.detail() : errno, e);
        }
        if (kind != ErrnoKind.MEDIA) {
            throw e;
        }
        return errno;
    }

    /**
     * {@code failure} of a call on the target that is not a request (the sync at the end of a pass)
     * as the job reports it: the device disappearing at {@code offset}, where the job had got to,
     * when the target is no longer there; otherwise {@code failure} itself.
     */
    public IOException whenGone(IOException failure, long offset) {
        if (failure instanceof DeviceGoneException || !(failure instanceof TargetException e) || target.stillThere()) {
            return failure;
        }
        return gone(offset, e instanceof TargetIoException io ? io.operation() + ": " + io.errnoName() : e.detail(), e);
    }

    private DeviceGoneException gone(long offset, String why, Throwable cause) {
        return new DeviceGoneException(target.info().path(), "the device disappeared at offset " + offset + " (" + why + ")",
                cause);
    }

    /**
     * Ends the job when the failure is not the media's: the device no longer reads a sector that
     * worked before (one that left sysfs, or is another one now, ended it at the failure itself).
     * A pulled disk fails its requests a moment before it leaves sysfs, so a device that stopped
     * answering is given {@link #REMOVAL_MILLIS} to leave: then it disappeared, else it stopped answering.
     */
    private void requireAnswering(long offset, String error) throws IOException {
        if (readsAgain(lastGood.get())) {
            return;
        }
        if (leavesWithin(REMOVAL_MILLIS)) {
            throw gone(offset, error, null);
        }
        throw new DeviceGoneException(target.info().path(), "the device stopped answering at offset " + offset + " ("
                + error + "; it no longer reads at offset " + lastGood.get() + ", where it worked before)", null);
    }

    private boolean leavesWithin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (target.stillThere()) {
            if (System.nanoTime() - end >= 0) {
                return false;
            }
            try {
                Thread.sleep(REMOVAL_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private boolean readsAgain(long offset) throws IOException {
        if (offset < 0) {
            return true;
        }
        try {
            target.read(offset, DirectBuffers.aligned(unit));
            return true;
        } catch (TargetException e) {
            mediaError(e, offset);
            return false;
        }
    }

    /**
     * Before each request, and before the end of a pass or read-back is taken as done (its last
     * request may be the one that crossed a line): stops the job once there is a bad range and the
     * policy says stop at the first (the request that found it was finished, so every byte of it
     * that could be written was), once there are more ranges than the limit, or once more than half
     * of the target is bad.
     */
    public void giveUpIfTooMany() throws IOException {
        List<BadRange> ranges = bad.ranges();
        if (policy.stopAtFirst() && !ranges.isEmpty()) {
            BadRange first = ranges.get(0);
            throw new BadSectorsException(target.info().path(), "stopped at the first bad sector (--on-error stop): "
                    + first.length() + " bytes at offset " + first.offset() + " could not be "
                    + (first.stage() == Stage.WRITE ? "written" : "read") + " (" + first.error() + ")");
        }
        if (ranges.size() > policy.maxBadRanges()) {
            throw new BadSectorsException(target.info().path(), "given up: more than " + policy.maxBadRanges()
                    + " bad ranges (the limit --max-bad sets): the disk is failing");
        }
        if (bad.bytes() > size / 2) {
            throw new DiskFailingException(target.info().path(), "given up: more than half of its " + Units.bytes(size)
                    + " could not be written or read: the disk is failing");
        }
    }
}
