package dev.blockwipe.engine.fault;

/**
 * The job gave the disk up: it no longer takes writes (or reads) anywhere that was tried, or more
 * of it failed than is worth going on with. Going on later would only fail again, so the job is
 * not resumable.
 */
public final class DiskFailingException extends BadSectorsException {
    public DiskFailingException(String path, String message) {
        super(path, message);
    }
}
