package dev.blockwipe.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Directories and files that are born private: created with their final mode (0700, 0600), never
 * made with the umask and tightened afterwards, so there is no moment at which another user can
 * open them. A file is written under a temporary name, synced and renamed into place, so a failed
 * write leaves nothing behind (never a truncated certificate), and a finished one survives a crash.
 */
final class PrivateFiles {
    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_ONLY_DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OTHERS_WRITE = EnumSet.of(PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.OTHERS_WRITE);

    /** Writes the content of a file to its stream. */
    @FunctionalInterface
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private PrivateFiles() {
    }

    /**
     * Makes {@code dir} (and missing parents) owner-only, or checks an existing one: it must belong
     * to {@code uid} and not be writable by group or others, or another user could replace what
     * Blockwipe writes there (the signing key, the certificates).
     *
     * @param what "reports directory", "config directory": for the refusal
     */
    static void directory(Path dir, int uid, String what) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR));
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new StorageException("the " + what + " " + dir + " is not a directory");
        }
        int owner = (Integer) Files.getAttribute(dir, "unix:uid");
        if (owner != uid) {
            throw new StorageException("the " + what + " " + dir + " belongs to another user (uid " + owner
                    + "), who could replace what Blockwipe writes there; use a directory of your own");
        }
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(dir);
        if (mode.stream().anyMatch(OTHERS_WRITE::contains)) {
            throw new StorageException("the " + what + " " + dir + " is writable by others (" + PosixFilePermissions.toString(mode)
                    + "), who could replace what Blockwipe writes there; make it private: chmod go-w " + dir);
        }
    }

    /**
     * {@link #directory}, for a directory a command cannot do without: one that cannot be made is
     * refused as well, naming it.
     *
     * @throws StorageException naming the directory and what is wrong with it
     */
    static void requireDirectory(Path dir, int uid, String what) throws StorageException {
        try {
            directory(dir, uid, what);
        } catch (StorageException e) {
            throw e;
        } catch (IOException e) {
            throw new StorageException("the " + what + " " + dir + " cannot be made: " + reason(e), e);
        }
    }

    /**
     * Checks, before a job depends on it, that a new file can be made in {@code dir} (one is
     * written, synced and removed) and that its file system has {@code room} bytes free.
     *
     * @param what "reports directory", "journal directory": for the message
     * @return what is wrong, naming the directory; empty when nothing is
     */
    static Optional<String> unwritable(Path dir, String what, long room) {
        Path probe = temporary(dir.resolve(".blockwipe-probe"));
        try {
            try (FileChannel ch = FileChannel.open(probe, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE))) {
                ch.write(ByteBuffer.wrap(new byte[] {'\n'}));
                ch.force(true);
            } finally {
                Files.deleteIfExists(probe);
            }
            long free = Files.getFileStore(dir).getUsableSpace();
            return free >= room ? Optional.empty() : Optional.of("the " + what + " " + dir + " has " + free
                    + " bytes free, less than the " + room + " its files may need");
        } catch (IOException e) {
            return Optional.of("cannot write to the " + what + " " + dir + ": " + reason(e));
        }
    }

    /**
     * The text of a file of Blockwipe's own (the settings, a key): UTF-8 without control characters
     * other than tab, line and form feed. Anything else was not written by Blockwipe or by an editor
     * (binary garbage, another character set) and is refused with the place where it goes wrong,
     * rather than read as whatever it happens to decode to.
     *
     * @throws StorageException naming the file and what is wrong with it
     */
    static String readText(Path file) throws StorageException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new StorageException(file + " cannot be read: " + reason(e), e);
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer text = CharBuffer.allocate(bytes.length);
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        CoderResult decoded = utf8.decode(in, text, true);
        if (!decoded.isError()) {
            decoded = utf8.flush(text);
        }
        if (decoded.isError()) {
            throw new StorageException(String.format("%s is not valid UTF-8 text (byte 0x%02x at offset %d)", file,
                    bytes[in.position()] & 0xff, in.position()));
        }
        // every byte of a multi-byte UTF-8 sequence is 0x80 or more, so a byte below 0x20 is the character itself
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7f) {
                throw new StorageException(String.format("%s is not a text file (control character 0x%02x at offset %d)",
                        file, b, i));
            }
        }
        return text.flip().toString();
    }

    /** What the kernel said ("Read-only file system", "permission denied"), without the path Java puts in front. */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        return e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
    }

    /** Creates {@code file}, which must not exist yet, with {@code bytes}. */
    static void create(Path file, byte[] bytes) throws IOException {
        write(file, out -> out.write(bytes), false);
    }

    /**
     * Writes {@code file} (owner-only) from {@code content}.
     *
     * @param replace an existing file is replaced (settings); otherwise it must not exist (certificates, keys)
     */
    static void write(Path file, Content content, boolean replace) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = temporary(file);
        try {
            try (FileChannel ch = FileChannel.open(tmp, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE))) {
                OutputStream out = Channels.newOutputStream(ch);
                content.writeTo(out);
                out.flush();
                ch.force(true);
            }
            publish(tmp, file, replace);
        } finally {
            Files.deleteIfExists(tmp);
        }
        syncDirectory(dir);
    }

    /**
     * Removes the temporary files a write of {@code file} that was killed midway left behind. Only
     * for files that one writer at a time writes (a journal, written by the process that holds its
     * device): another writer's file in the making would be removed too.
     */
    static void removeTemporaries(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        String prefix = "." + file.getFileName() + ".";
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(dir,
                p -> p.getFileName().toString().startsWith(prefix) && p.getFileName().toString().endsWith(".tmp"))) {
            for (Path leftover : leftovers) {
                Files.deleteIfExists(leftover);
            }
        } catch (NoSuchFileException noDirectory) {
            // nothing was ever written there
        }
    }

    private static Path temporary(Path file) {
        return file.toAbsolutePath().getParent().resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
    }

    /**
     * Renames {@code tmp} to {@code file}. Without replacing, a hard link publishes it only if the
     * name is free (atomically, even against another process); where the file system has no hard
     * links the name is checked first, which is safe in a directory no one else may write.
     */
    private static void publish(Path tmp, Path file, boolean replace) throws IOException {
        if (replace) {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        try {
            Files.createLink(file, tmp);
        } catch (FileAlreadyExistsException taken) {
            throw taken;
        } catch (UnsupportedOperationException | FileSystemException noLinks) {
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(file.toString());
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /** The rename is durable once the directory is synced. */
    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    /** True when a file can be read by group or others. */
    static boolean readableByOthers(Path file) throws IOException {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
        return mode.contains(PosixFilePermission.GROUP_READ) || mode.contains(PosixFilePermission.OTHERS_READ);
    }
}
