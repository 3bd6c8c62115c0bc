package dev.blockwipe.devices;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.HiddenArea;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.firmware.ata.SecurityErase;
import dev.blockwipe.engine.method.FirmwareMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Every fact about one device as "key: value" lines: `blockwipe show` prints them, the GUI's details pane lists them. */
public final class FactSheet {
    /** One line; empty values are left out of sheets. */
    public record Fact(String key, String value) {
    }

    /**
     * What the drive says through its commands: who it is, the facts behind its firmware erase,
     * every firmware method of its own command set offered or not with the reason (the others in
     * one line), a hidden area, and its SMART figures.
     */
    public static List<Fact> drive(DriveReport drive, Smart smart) {
        FactSheet f = new FactSheet();
        List<Offer> own = drive.offers().stream().filter(o -> drive.family().filter(o.method().family()::equals).isPresent())
                .toList();
        f.add("drive commands", drive.commandSet() + (drive.model().isEmpty() ? ""
                : ": " + drive.model() + (drive.serial().isEmpty() ? "" : ", serial " + drive.serial())
                + (drive.firmware().isEmpty() ? "" : ", firmware " + drive.firmware())));
        drive.facts().forEach(line -> f.add("  drive", line));
        drive.hiddenArea().filter(HiddenArea::any).ifPresent(h -> f.add("hidden area", hidden(h)));
        if (own.isEmpty()) {
            f.add("firmware erase", "none offered: " + drive.offers().get(0).reason());
        } else {
            own.forEach(o -> f.add("  " + o.method().cliName(), offer(o)));
            f.add("firmware erase", "other command sets' methods are not offered: the drive takes "
                    + own.get(0).method().family().label() + " commands");
        }
        f.add("SMART", smart.summary().replaceFirst("^SMART: ", ""));
        return List.copyOf(f.facts);
    }

    /** "offered: defined to read as 0x00 afterwards; the drive estimates about 2 minutes" or "not offered: why". */
    public static String offer(Offer o) {
        if (!o.available()) {
            return "not offered: " + o.reason();
        }
        return "offered (" + o.reason() + "); " + o.readsAs().map(p -> "reads as " + p.describe() + " afterwards")
                .orElse("what it reads as afterwards is not defined") + o.estimate()
                .map(e -> "; the drive estimates " + Units.duration(e)).orElse("");
    }

    /**
     * What a user is told before the drive's own erase starts, in the CLI and the wipe dialog:
     * that it cannot be cancelled once the drive has it, the drive's estimate, and what a power
     * loss during it does.
     */
    public static String firmwareNotice(Offer o) {
        return "the drive erases itself: this cannot be cancelled once the drive has started; " + estimate(o)
                + powerLoss(o.method()).map(p -> "; " + p).orElse("");
    }

    /** "the drive estimates 2 m 0 s", or "the drive gives no estimate". */
    public static String estimate(Offer o) {
        return o.estimate().map(e -> "the drive estimates " + Units.duration(e)).orElse("the drive gives no estimate");
    }

    /** What the drive does about a power loss during {@code m}, where the standard says. */
    public static Optional<String> powerLoss(FirmwareMethod m) {
        return switch (m) {
            case NVME_SANITIZE_BLOCK, NVME_SANITIZE_CRYPTO, NVME_SANITIZE_OVERWRITE, ATA_SANITIZE_BLOCK,
                    ATA_SANITIZE_CRYPTO, ATA_SANITIZE_OVERWRITE, SCSI_SANITIZE_BLOCK, SCSI_SANITIZE_CRYPTO,
                    SCSI_SANITIZE_OVERWRITE ->
                    Optional.of("a power loss during a sanitize is resumed by the drive when it is powered again");
            case ATA_SECURE_ERASE, ATA_SECURE_ERASE_ENHANCED -> Optional.of("a power loss during the erase may leave the"
                    + " drive locked with the password '" + SecurityErase.TEMPORARY_PASSWORD + "' (hdparm --security-disable "
                    + SecurityErase.TEMPORARY_PASSWORD + " unlocks it)");
            case NVME_FORMAT_USER_DATA, NVME_FORMAT_CRYPTO -> Optional.empty();
        };
    }

    private static String hidden(HiddenArea h) {
        List<String> parts = new ArrayList<>();
        if (h.hpaSectors() > 0) {
            parts.add("host protected area of " + h.hpaSectors() + " sectors beyond sector " + h.userSectors()
                    + ", which no overwrite reaches");
        }
        if (h.dcoSectors() > 0) {
            parts.add("device configuration overlay hides " + h.dcoSectors() + " more sectors");
        }
        return String.join("; ", parts);
    }

    /** What an unknown fact of a hardware disk reads, rather than a guess or a blank. */
    static final String NOT_REPORTED = "not reported by the device";

    private final List<Fact> facts = new ArrayList<>();

    private FactSheet() {
    }

    public static List<Fact> of(DeviceInventory inventory, Device d) {
        FactSheet f = new FactSheet();
        f.add("device", d.path() + " (" + d.number() + ")");
        SysfsDisk whole = d instanceof Disk k ? k.facts() : inventory.disk(((Partition) d).disk()).map(Disk::facts).orElse(null);
        if (whole != null && whole.diskseq() != 0) {
            f.add("disk sequence", String.valueOf(whole.diskseq()));
        }
        f.add("size", Units.bytes(d.size()) + " (" + d.size() + " bytes)");
        if (d instanceof Disk disk) {
            f.disk(disk);
        } else {
            f.partition((Partition) d, inventory);
        }
        f.add("contents", d.signatures().describe());
        d.signatures().found().forEach(s -> f.add("  " + s.usage(), s.describe() + (s.uuid().isEmpty() ? "" : " UUID " + s.uuid())));
        f.add("usage", d.usage().inUse() ? d.usage().describe() : "not in use");
        SafetyVerdict v = d.verdict();
        f.add("verdict", v.level() + ": " + v.describe()
                + (v instanceof SafetyVerdict.Blocked b && b.reason().forceOverrides() ? " (--force overrides this)" : ""));
        return List.copyOf(f.facts);
    }

    private void disk(Disk d) {
        add("kind", d.kind().label() + " (transport " + d.transport().label() + ")");
        identity(d, "model", d.identity().model());
        identity(d, "vendor", d.identity().vendor());
        identity(d, "serial", d.identity().serial());
        identity(d, "wwn", d.identity().wwn());
        identity(d, "firmware", d.identity().firmware());
        add("block sizes", d.facts().logicalBlockSize() + " logical / " + d.facts().physicalBlockSize() + " physical");
        add("rotational", d.facts().rotational() ? "yes" : "no");
        add("removable", d.facts().removable() ? "yes" : "no");
        add("read-only", d.facts().readOnly() ? "yes" : "no");
        add("discard", d.facts().discardMaxBytes() > 0 ? "yes, up to " + Units.bytes(d.facts().discardMaxBytes()) : "no");
        add("zero-out", d.facts().writeZeroesMaxBytes() > 0 ? "yes, up to " + Units.bytes(d.facts().writeZeroesMaxBytes()) : "no");
        add("max request", d.facts().maxSectorsKb() + " KiB");
        add("optimal I/O size", d.facts().optimalIoSize() == 0 ? "not reported" : Units.bytes(d.facts().optimalIoSize()));
        add("backing file", d.facts().loop().backingFile());
        if (d.facts().loop().backing() != null) {
            add("backing object", d.facts().loop().backing().describe());
        }
        add("mapper name", d.facts().mapperName());
        add("built on", String.join(", ", d.facts().slaves()));
        add("holders", String.join(", ", d.usage().holders()));
        add("system disk", d.systemDisk() ? "yes" : "no");
        add("partition table", d.signatures().partitionTable());
        d.partitions().forEach(p -> add("  partition " + p.facts().partition(), p.name() + ", " + Units.bytes(p.size())
                + ", " + p.signatures().describe()));
    }

    private void partition(Partition p, DeviceInventory inventory) {
        add("disk", "/dev/" + p.disk());
        add("number", String.valueOf(p.facts().partition()));
        add("partition table", inventory.disk(p.disk()).map(d -> d.signatures().partitionTable()).orElse(""));
        add("entry name", p.signatures().entryName().isEmpty() ? p.facts().entryName() : p.signatures().entryName());
        add("start", "sector " + p.facts().startSector() + " (byte " + p.alignment().startBytes() + ")");
        add("alignment", p.alignment().describe());
        add("holders", String.join(", ", p.usage().holders()));
        add("read-only", p.facts().readOnly() ? "yes" : "no");
    }

    /** An identity fact of a disk: a hardware disk that does not report one is said to, not left out. */
    private void identity(Disk d, String key, String value) {
        add(key, value.isEmpty() && d.transport().hardware() ? NOT_REPORTED : value);
    }

    private void add(String key, String value) {
        if (value != null && !value.isEmpty()) {
            facts.add(new Fact(key, value));
        }
    }
}
