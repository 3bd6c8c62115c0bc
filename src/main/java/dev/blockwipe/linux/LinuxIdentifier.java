package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.identify.Identification;
import dev.blockwipe.devices.identify.Identifier;
import dev.blockwipe.devices.identify.LocateLed;
import dev.blockwipe.devices.identify.OpenDrive;
import dev.blockwipe.devices.identify.Pace;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.TargetKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Identifications on this kernel. The device is opened once, read-only (O_RDONLY|O_DIRECT, not
 * exclusive: a mounted disk can be found too), as {@link LinuxTargets} opens a target to verify
 * it; its disk is found in sysfs by the descriptor's number. Then the LED: the enclosure slot that
 * holds that disk ({@link EnclosureSlot}), else ledctl where it is on PATH ({@link Ledctl}), else
 * none, and the identification reads through the descriptor. A loop device has no LED to look for.
 */
public final class LinuxIdentifier implements Identifier {
    private final LinuxTargets targets;
    private final Path sysfsRoot;
    private final String searchPath;

    public LinuxIdentifier() {
        this(Path.of("/sys"), Programs.searchPath());
    }

    /** @param searchPath where ledctl is looked for, as PATH lists folders */
    LinuxIdentifier(Path sysfsRoot, String searchPath) {
        this.targets = new LinuxTargets(sysfsRoot);
        this.sysfsRoot = sysfsRoot;
        this.searchPath = searchPath;
    }

    @Override
    public Identification open(String path, DeviceNumber number, long diskseq, Duration duration) throws TargetException {
        OpenedTarget target = targets.open(path, Access.READ);
        try {
            TargetInfo info = target.info();
            TargetIdentity id = info.identity();
            if (id.kind() != TargetKind.BLOCK_DEVICE) {
                throw new TargetRefusedException(path, Reason.WRONG_KIND, "is an image file: it has no drive of its own to identify");
            }
            if (id.major() != number.major() || id.minor() != number.minor()
                    || diskseq != 0 && id.diskseq() != 0 && id.diskseq() != diskseq) {
                throw new TargetRefusedException(path, Reason.IDENTITY_CHANGED, "is now device " + id.major() + ":"
                        + id.minor() + " (diskseq " + id.diskseq() + "), not " + number + " (diskseq " + diskseq
                        + ") as listed: the devices changed, look again");
            }
            SysfsBlock sysfs = DescriptorFacts.sysfs(path, id.major(), id.minor(), sysfsRoot);
            boolean loop = sysfs.onLoopDevice();
            OpenDrive drive = new OpenDrive(info.name(), loop, info.size(), info.logicalBlockSize(), target::read, target::close);
            return new Identification(drive, loop ? Optional.empty() : locateLed(sysfs.diskDir()), duration, Pace.SYSTEM);
        } catch (TargetException | RuntimeException e) {
            try {
                target.close();
            } catch (IOException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /**
     * The locate LED of the disk whose sysfs directory is {@code diskDir}: its enclosure slot's,
     * else ledctl's; none when neither is there. An enclosure tree that cannot be read counts as
     * none: the reads still show the drive, and they are what is said.
     */
    Optional<LocateLed> locateLed(Path diskDir) {
        String name = diskDir.getFileName().toString();
        try {
            Optional<EnclosureSlot> slot = EnclosureSlot.holding(sysfsRoot, Files.readString(diskDir.resolve("dev")).strip());
            if (slot.isPresent()) {
                return Optional.of(slot.get());
            }
        } catch (IOException e) {
            // no slot to be found: ledctl or the reads
        }
        return Programs.onPath("ledctl", searchPath).map(program -> new Ledctl(program, "/dev/" + name.replace('!', '/')));
    }
}
