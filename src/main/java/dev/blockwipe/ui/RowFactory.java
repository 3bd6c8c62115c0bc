package dev.blockwipe.ui;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.engine.TargetIdentity;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.Units;
import java.util.ArrayList;
import java.util.List;

/** What the device tree shows for inventory devices and image files. */
final class RowFactory {
    static final String IMAGE_KIND = "Image";

    private RowFactory() {
    }

    static String key(Device d) {
        return d.name() + "@" + d.number();
    }

    static RowFacts disk(DeviceInventory inventory, Disk d) {
        String model = d.facts().loopBackingFile().isEmpty() ? d.identity().model() : d.facts().loopBackingFile();
        return new RowFacts(d.name(), d.path(), identity(d, d.facts().identity().serial()), d.name(), model,
                d.identity().serial(), d.size(), d.kind().label(), contents(d), d.usage().describe(), d.verdict(),
                FactSheet.of(inventory, d));
    }

    static RowFacts partition(DeviceInventory inventory, Disk disk, Partition p) {
        String name = p.signatures().entryName().isEmpty() ? p.facts().entryName() : p.signatures().entryName();
        return new RowFacts(p.name(), p.path(), identity(p, disk.facts().identity().serial()), disk.name(), name, "",
                p.size(), disk.kind().label(), contents(p), p.usage().describe(), p.verdict(), FactSheet.of(inventory, p));
    }

    /** An image file the user added; judged like any target (loop backing file, swap file). */
    static RowFacts image(TargetInfo info, SafetyVerdict verdict, String contents) {
        return new RowFacts(info.name(), info.path(), info.identity(), "file:" + info.path(), info.path(), "",
                info.size(), IMAGE_KIND, contents, "", verdict, List.of(
                        new FactSheet.Fact("file", info.path()),
                        new FactSheet.Fact("size", Units.bytes(info.size()) + " (" + info.size() + " bytes)"),
                        new FactSheet.Fact("identity", info.identity().describe()),
                        new FactSheet.Fact("I/O", info.ioMode().label()),
                        new FactSheet.Fact("contents", contents.isEmpty() ? "nothing recognised" : contents),
                        verdictFact(verdict)));
    }

    /** The same row judged again against a newer inventory. */
    static RowFacts rejudged(RowFacts f, SafetyVerdict verdict) {
        List<FactSheet.Fact> details = new ArrayList<>(f.details());
        details.replaceAll(d -> d.key().equals("verdict") ? verdictFact(verdict) : d);
        return new RowFacts(f.name(), f.path(), f.identity(), f.diskKey(), f.model(), f.serial(), f.size(), f.kind(),
                f.contents(), f.usage(), verdict, details);
    }

    private static FactSheet.Fact verdictFact(SafetyVerdict v) {
        return new FactSheet.Fact("verdict", v.level() + ": " + v.describe());
    }

    /**
     * The identity the open must find again: device number and size, and the serial the kernel
     * shows in sysfs (what the open reads back, not a value OSHI filled in).
     */
    private static TargetIdentity identity(Device d, String sysfsSerial) {
        return TargetIdentity.device(d.number().major(), d.number().minor(), d.size(), sysfsSerial);
    }

    private static String contents(Device d) {
        if (!d.signatures().known()) {
            return "unknown";
        }
        return d.signatures().found().isEmpty() ? "" : d.signatures().describe();
    }
}
