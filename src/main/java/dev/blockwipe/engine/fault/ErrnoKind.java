package dev.blockwipe.engine.fault;

import dev.blockwipe.engine.TargetIoException;
import java.util.Arrays;
import java.util.Set;

/**
 * What a failed call's errno (by the name {@link TargetIoException#errnoName} carries) says about
 * the device: the one place that decides it, so that {@link MediaErrors}, which retries media
 * errors and ends the job when the device is gone, and {@link FailureCause}, which reports why a
 * job failed, cannot disagree about an errno. Not named {@code Errno}: that is {@code linux}'s
 * table of the kernel's numbers and names, which this classifies without depending on.
 */
enum ErrnoKind {
    /** The medium failed the request (EIO and its kin): tried again, then narrowed down to the bad sectors. */
    MEDIA("EIO", "ENODATA", "EREMOTEIO", "EILSEQ", "EBADMSG", "ETIMEDOUT"),
    /** The device is no longer there, or its medium is not: going on cannot write anything. */
    GONE("ENODEV", "ENXIO", "ENOMEDIUM"),
    /** Anything else (EINVAL, ENOSPC, EOPNOTSUPP, ...): not the medium's doing, so not retried. */
    OTHER;

    private final Set<String> names;

    ErrnoKind(String... names) {
        this.names = Set.of(names);
    }

    static ErrnoKind of(String errnoName) {
        return Arrays.stream(values()).filter(k -> k.names.contains(errnoName)).findFirst().orElse(OTHER);
    }
}
