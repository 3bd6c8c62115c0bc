package dev.blockwipe.testing;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.engine.io.TargetIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** What a file is, by stat, as the kernel names it (glibc's dev_t split). */
public final class FileKeys {
    private FileKeys() {
    }

    public static FileKey of(Path file) throws IOException {
        Map<String, Object> st = Files.readAttributes(file, "unix:dev,ino");
        long dev = (Long) st.get("dev");
        return new FileKey(new DeviceNumber((int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL)),
                (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL))), (Long) st.get("ino"));
    }

    /** The identity an image file has when it is opened. */
    public static TargetIdentity identity(Path file) throws IOException {
        FileKey key = of(file);
        return TargetIdentity.file(key.device().major(), key.device().minor(), key.inode(), Files.size(file));
    }
}
