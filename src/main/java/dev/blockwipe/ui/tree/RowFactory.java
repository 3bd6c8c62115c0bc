package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.devices.SysfsDisk;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.TargetKind;
import dev.blockwipe.service.Admission;
import java.util.ArrayList;
import java.util.List;

/** What the device tree shows for inventory devices and image files. */
public final class RowFactory {
    public static final String IMAGE_KIND = "Image";

    private RowFactory() {
    }

    /**
     * Rows are kept across rescans by this key: name, number, size, disk sequence number and serial,
     * so a different disk pushed into the same bay (same name and number), or a loop device attached
     * again, is a new row, never inheriting a check mark.
     */
    static String key(Device d, SysfsDisk disk) {
        return d.name() + "@" + d.number() + "#" + d.size() + "#" + disk.diskseq() + "#" + disk.identity().serial();
    }

    /** An image file's key: the file itself (file system and inode), whatever path named it. */
    static String key(TargetInfo info) {
        return "file:" + info.identity().major() + ":" + info.identity().minor() + ":" + info.identity().inode();
    }

    static RowFacts disk(DeviceInventory inventory, Disk d) {
        String model = d.facts().loop().backingFile().isEmpty() ? d.identity().model() : d.facts().loop().backingFile();
        return new RowFacts(d.name(), d.path(), identity(d, d.facts()), model,
                d.identity().serial(), d.size(), d.kind().label(), contents(d.signatures()), d.usage().describe(), "", d.verdict(),
                d.signatures(), d.facts().loop().oldData(), d.clearLimitation().orElse(""), FactSheet.of(inventory, d));
    }

    static RowFacts partition(DeviceInventory inventory, Disk disk, Partition p) {
        String name = p.signatures().entryName().isEmpty() ? p.facts().entryName() : p.signatures().entryName();
        return new RowFacts(p.name(), p.path(), identity(p, disk.facts()), name, "",
                p.size(), disk.kind().label(), contents(p.signatures()), p.usage().describe(),
                p.alignment().aligned() ? "" : p.alignment().describe(), p.verdict(),
                p.signatures(), disk.facts().loop().oldData(), disk.clearLimitation().orElse(""),
                FactSheet.of(inventory, p));
    }

    /** An image file the user added; judged like any target (loop backing file, swap file). */
    static RowFacts image(TargetInfo info, SafetyVerdict verdict, Signatures signatures) {
        String contents = contents(signatures);
        return new RowFacts(info.name(), info.path(), info.identity(), info.path(), "",
                info.size(), IMAGE_KIND, contents, "", "", verdict, signatures, info.oldData(), "", List.of(
                        new FactSheet.Fact("file", info.path()),
                        new FactSheet.Fact("size", Units.bytes(info.size()) + " (" + info.size() + " bytes)"),
                        new FactSheet.Fact("identity", info.identity().describe()),
                        new FactSheet.Fact("I/O", info.ioMode().label()),
                        new FactSheet.Fact("contents", signatures.describe()),
                        verdictFact(verdict)));
    }

    /**
     * What the wipe dialog shows of a target the admission opened: the device as the admission's
     * inventory lists it, with the identity, contents and verdict read from the open descriptor;
     * an image file from its descriptor alone.
     *
     * @throws TargetRefusedException a device the admission's inventory does not list (it was
     *                                refused before it came to a dialog; this only fails closed)
     */
    public static RowFacts judged(Admission.Candidate c) throws TargetRefusedException {
        TargetInfo info = c.info();
        Preflight.Judgement j = c.judgement();
        if (info.kind() != TargetKind.BLOCK_DEVICE) {
            return image(info, c.verdict(), j.signatures());
        }
        DeviceInventory inv = j.inventory();
        Device d = inv.byNumber(new DeviceNumber(j.identity().major(), j.identity().minor()))
                .orElseThrow(() -> notListed(info));
        RowFacts listed = d instanceof Partition p
                ? partition(inv, inv.disk(p.disk()).orElseThrow(() -> notListed(info)), p)
                : disk(inv, (Disk) d);
        return rejudged(new RowFacts(listed.name(), info.path(), j.identity(), listed.model(), listed.serial(),
                listed.size(), listed.kind(), contents(j.signatures()), listed.usage(), listed.misalignment(),
                c.verdict(), j.signatures(), listed.oldData(), listed.clearLimitation(), listed.details()), c.verdict());
    }

    private static TargetRefusedException notListed(TargetInfo info) {
        return new TargetRefusedException(info.path(), TargetRefusedException.Reason.BLOCKED,
                "refused: the device inventory does not list it");
    }

    /** The same row judged again against a newer inventory. */
    static RowFacts rejudged(RowFacts f, SafetyVerdict verdict) {
        List<FactSheet.Fact> details = new ArrayList<>(f.details());
        details.replaceAll(d -> d.key().equals("verdict") ? verdictFact(verdict) : d);
        return new RowFacts(f.name(), f.path(), f.identity(), f.model(), f.serial(), f.size(), f.kind(),
                f.contents(), f.usage(), f.misalignment(), verdict, f.signatures(), f.oldData(), f.clearLimitation(), details);
    }

    private static FactSheet.Fact verdictFact(SafetyVerdict v) {
        return new FactSheet.Fact("verdict", v.level() + ": " + v.describe());
    }

    /**
     * The identity the job's open must find again: device number, size, and of its disk the
     * sequence number, the serial and WWN as sysfs shows them (what the open reads back, not a
     * value OSHI filled in) and the loop backing.
     */
    private static TargetIdentity identity(Device d, SysfsDisk disk) {
        return TargetIdentity.device(d.number().major(), d.number().minor(), d.size(), disk.diskseq(),
                disk.identity().serial(), disk.identity().wwn(), disk.loop().backing());
    }

    /** The contents column: empty when blank, "unknown" when libblkid could not look. */
    private static String contents(Signatures s) {
        if (!s.known()) {
            return "unknown";
        }
        return s.found().isEmpty() ? "" : s.describe();
    }
}
