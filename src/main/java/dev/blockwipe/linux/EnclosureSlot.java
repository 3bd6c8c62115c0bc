package dev.blockwipe.linux;

import dev.blockwipe.devices.identify.LocateLed;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The slot of a SCSI enclosure (SES) that holds a disk, and its locate LED. The kernel's enclosure
 * class (drivers/misc/enclosure.c, Documentation/ABI/testing/sysfs-class-enclosure) lists each
 * enclosure's components under {@code class/enclosure/ENCLOSURE/COMPONENT}, with the attributes
 * {@code locate} (0 or 1, root may write), {@code slot} (its number) and a {@code device} link to
 * the SCSI device in the slot, whose {@code block/NAME/dev} is the disk's number.
 */
final class EnclosureSlot implements LocateLed {
    private final Path dir;

    private EnclosureSlot(Path dir) {
        this.dir = dir;
    }

    /**
     * The slot whose device is the disk numbered {@code dev} ("8:16", as the disk's sysfs
     * {@code dev} says), if an enclosure under {@code sysfsRoot} holds it and has a locate LED.
     */
    static Optional<EnclosureSlot> holding(Path sysfsRoot, String dev) throws IOException {
        Path enclosures = sysfsRoot.resolve("class/enclosure");
        if (!Files.isDirectory(enclosures)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> all = Files.newDirectoryStream(enclosures)) {
            for (Path enclosure : all) {
                try (DirectoryStream<Path> components = Files.newDirectoryStream(enclosure, Files::isDirectory)) {
                    for (Path component : components) {
                        if (Files.isRegularFile(component.resolve("locate")) && holds(component.resolve("device/block"), dev)) {
                            return Optional.of(new EnclosureSlot(component));
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static boolean holds(Path blockDir, String dev) throws IOException {
        if (!Files.isDirectory(blockDir)) {
            return false;
        }
        try (DirectoryStream<Path> disks = Files.newDirectoryStream(blockDir)) {
            for (Path disk : disks) {
                Path number = disk.resolve("dev");
                if (Files.isRegularFile(number) && Files.readString(number).strip().equals(dev)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** "locate LED of enclosure slot 5"; the component's name where the slot number cannot be read. */
    @Override
    public String describe() {
        String slot;
        try {
            slot = Files.readString(dir.resolve("slot")).strip();
        } catch (IOException e) {
            slot = dir.getFileName().toString();
        }
        return "locate LED of enclosure slot " + slot;
    }

    @Override
    public void on() throws IOException {
        set("1");
    }

    @Override
    public void off() throws IOException {
        set("0");
    }

    private void set(String value) throws IOException {
        Path locate = dir.resolve("locate");
        try {
            Files.writeString(locate, value);
        } catch (IOException e) {
            throw new IOException(locate + ": cannot write " + value + ": " + e, e);
        }
    }
}
