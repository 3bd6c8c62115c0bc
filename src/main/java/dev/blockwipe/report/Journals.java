package dev.blockwipe.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The journals of running and interrupted wipes, one file per device in a private directory. A
 * journal is replaced atomically (temporary file, fsync, rename, directory fsync; mode 0600) at
 * every checkpoint and signed with the certificates' key over its exact bytes (see
 * {@link JournalFile}), so one that was edited is refused rather than trusted: it holds the offset
 * below which nothing is written again.
 */
public final class Journals {
    private static final String SUFFIX = ".journal.json";
    /** A journal is a few KiB; with its temporary copy, far less than this. */
    private static final long ROOM = 256L << 10;
    private final Path dir;
    private final int uid;

    /** A journal that exists but must not be used: edited, unreadable, or for another device. */
    public static final class RefusedException extends IOException {
        RefusedException(String message) {
            super(message);
        }
    }

    /** A journal as read (null when it could not be read), and whether its signature holds. */
    private record Entry(Path file, Journal journal, boolean signed, String problem) {
    }

    public Journals(Path dir, int uid) {
        this.dir = dir;
        this.uid = uid;
    }

    public Path dir() {
        return dir;
    }

    /**
     * Checks, before a wipe, that journals can be written: a directory others may write is refused
     * (they could plant a journal that skips part of a disk); one that cannot take a file is a
     * warning, since the wipe can still be done, only not resumed.
     *
     * @return why journals cannot be written here, or empty
     * @throws StorageException the directory is not private
     */
    public Optional<String> unwritable() throws StorageException {
        try {
            PrivateFiles.directory(dir, uid, "journal directory");
        } catch (StorageException e) {
            throw e;
        } catch (IOException e) {
            return Optional.of("the journal directory " + dir + " cannot be made: " + PrivateFiles.reason(e));
        }
        return PrivateFiles.unwritable(dir, "journal directory", ROOM);
    }

    /** Writes {@code journal} in place of the device's previous one, signed with {@code key}. */
    void write(Journal journal, SigningKey key) throws IOException {
        PrivateFiles.directory(dir, uid, "journal directory");
        byte[] bytes = JournalFile.write(journal.document(), key);
        Path target = fileFor(journal.identity());
        PrivateFiles.removeTemporaries(target);
        PrivateFiles.write(target, out -> out.write(bytes), true);
    }

    /**
     * Removes the device's journal (its job ended), if there is one, and what a killed writer of it
     * left behind. Only the process that holds the device writes its journal, so no temporary
     * file removed here is one being written.
     */
    void delete(ResumeIdentity identity) throws IOException {
        Path file = fileFor(identity);
        Files.deleteIfExists(file);
        PrivateFiles.removeTemporaries(file);
    }

    /**
     * The journal of {@code device} (at {@code path}), checked against {@code key}; empty when it
     * has none.
     *
     * @throws RefusedException the device's journal was changed after it was written or cannot be
     *                          read, or the only journals of this path, device node or serial are
     *                          for another device (media changed, another boot), with the reason
     */
    public Optional<Journal> find(ResumeIdentity device, String path, TrustedKey key) throws IOException {
        String nearMiss = null;
        for (Entry e : read(key)) {
            if (e.journal() == null) {
                if (e.file().equals(fileFor(device))) {
                    throw new RefusedException("the journal " + e.file() + " cannot be read (" + e.problem()
                            + "), so where the wipe stopped cannot be told; start the wipe over");
                }
                continue;
            }
            String mismatch = e.journal().identity().mismatch(device);
            if (mismatch != null && e.file().equals(fileFor(device))) {
                throw new RefusedException("the journal " + e.file() + " is in this device's place but is for another"
                        + " device (" + e.journal().path() + "): " + mismatch + "; start the wipe over");
            }
            if (mismatch == null) {
                if (!e.signed()) {
                    throw new RefusedException("the journal " + e.file() + " was changed after Blockwipe wrote it (its"
                            + " signature does not match), so where the wipe stopped cannot be trusted; start the wipe"
                            + " over");
                }
                return Optional.of(e.journal());
            }
            if (e.journal().identity().sameNode(device) || e.journal().path().equals(path)) {
                nearMiss = "the journal " + e.file() + " (" + e.journal().path() + ") is for another device: " + mismatch;
            }
        }
        if (nearMiss != null) {
            throw new RefusedException(nearMiss);
        }
        return Optional.empty();
    }

    /** Every journal whose signature holds, for the window's "resume" offers. */
    public List<Journal> all(TrustedKey key) throws IOException {
        return read(key).stream().filter(e -> e.journal() != null && e.signed()).map(Entry::journal).toList();
    }

    /**
     * Whether the journal's run finished and the certificate it reserved was written, with its
     * signature, in the reports directory or (where that failed) in this one: the process ended
     * between the certificate and the journal's removal, which it does in that order, and the
     * journal is done. A cancelled or failed run has a certificate too, and keeps its journal to
     * be resumed.
     */
    private boolean certified(Journal journal) {
        if (journal.certificate().isEmpty() || !Journal.FINISHED.equals(journal.current().end())) {
            return false;
        }
        Path json = Path.of(journal.certificate());
        Path here = dir.resolve(json.getFileName());
        return Files.exists(json) && Files.exists(ReportStore.signatureOf(json))
                || Files.exists(here) && Files.exists(ReportStore.signatureOf(here));
    }

    /** Removes a journal that is done; one that cannot be removed is left, and passed over all the same. */
    private static void letGo(Path journal) {
        try {
            Files.deleteIfExists(journal);
        } catch (IOException e) {
            // read-only here (another user's window): its owner's next look removes it
        }
    }

    private List<Entry> read(TrustedKey key) throws IOException {
        List<Entry> entries = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(f -> f.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
        } catch (NoSuchFileException e) {
            return entries;
        }
        for (Path f : files) {
            Entry e = entry(f, key);
            if (e.signed() && certified(e.journal())) {
                letGo(f);
            } else {
                entries.add(e);
            }
        }
        return entries;
    }

    /** One journal file: read, its signature checked, and (however that came out) what it says. */
    private static Entry entry(Path f, TrustedKey key) {
        try {
            long size = Files.size(f);
            if (size > JournalFile.MAX_BYTES) {
                return new Entry(f, null, false, size + " bytes, too large to be a journal");
            }
            JournalFile.Opened opened = JournalFile.read(Files.readAllBytes(f), key);
            if (opened.document() == null) {
                return new Entry(f, null, false, opened.problem());
            }
            return new Entry(f, Journal.of(opened.document()), opened.signed(), null);
        } catch (IOException unreadable) {
            return new Entry(f, null, false, unreadable.getMessage());
        }
    }

    Path fileFor(ResumeIdentity identity) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(identity.key().getBytes(StandardCharsets.UTF_8));
            return dir.resolve(HexFormat.of().formatHex(hash, 0, 12) + SUFFIX);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
