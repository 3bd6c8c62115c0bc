package dev.blockwipe.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signature;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.firmware.Smart;
import java.util.List;

/** The inventory as JSON, in a fixed field order, for `blockwipe list --json` and the certificates. */
public final class InventoryJson {
    private final ObjectMapper mapper;

    public InventoryJson(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public ObjectNode inventory(DeviceInventory inv, List<Disk> disks) {
        ObjectNode n = mapper.createObjectNode();
        n.put("scannedAt", inv.scannedAt().toString());
        if (inv.usage().problem() != null) {
            n.put("usageProblem", inv.usage().problem());
        }
        ArrayNode array = n.putArray("disks");
        disks.forEach(d -> array.add(disk(d)));
        return n;
    }

    /** A disk, or a partition with its disk's table type (found in {@code inventory}). */
    public ObjectNode device(DeviceInventory inventory, Device device) {
        if (device instanceof Disk d) {
            return disk(d);
        }
        Partition p = (Partition) device;
        return partition(p, inventory.disk(p.disk()).map(d -> d.signatures().partitionTable()).orElse(""));
    }

    /**
     * What a drive says through its commands ({@code blockwipe show --json}): its command set and
     * identity, the facts behind its firmware erase, every firmware method offered or not with the
     * reason, a hidden area, and SMART.
     */
    public ObjectNode drive(DriveReport drive, Smart smart) {
        ObjectNode n = mapper.createObjectNode();
        n.put("commandSet", drive.commandSet());
        n.put("model", drive.model());
        n.put("serial", drive.serial());
        n.put("firmware", drive.firmware());
        drive.facts().forEach(n.putArray("facts")::add);
        drive.hiddenArea().ifPresent(h -> n.putObject("hiddenArea").put("userSectors", h.userSectors())
                .put("nativeSectors", h.nativeSectors()).put("factorySectors", h.factorySectors()));
        ArrayNode methods = n.putArray("firmwareMethods");
        for (Offer o : drive.offers()) {
            ObjectNode m = methods.addObject().put("name", o.method().cliName()).put("offered", o.available())
                    .put("reason", o.reason());
            o.readsAs().ifPresent(p -> m.put("readsAs", p.describe()));
            o.estimate().ifPresent(e -> m.put("estimateSeconds", e.toSeconds()));
        }
        ObjectNode s = n.putObject("smart").put("available", smart.available()).put("summary", smart.summary());
        smart.unavailable().ifPresent(why -> s.put("unavailable", why));
        return n;
    }

    public ObjectNode disk(Disk d) {
        ObjectNode n = common(d);
        n.put("kind", d.kind().label());
        n.put("transport", d.transport().label());
        n.put("model", d.identity().model());
        n.put("vendor", d.identity().vendor());
        n.put("serial", d.identity().serial());
        n.put("wwn", d.identity().wwn());
        n.put("firmware", d.identity().firmware());
        n.put("rotational", d.facts().rotational());
        n.put("removable", d.facts().removable());
        n.put("readOnly", d.facts().readOnly());
        n.put("logicalBlockSize", d.facts().logicalBlockSize());
        n.put("physicalBlockSize", d.facts().physicalBlockSize());
        n.put("discardMaxBytes", d.facts().discardMaxBytes());
        n.put("writeZeroesMaxBytes", d.facts().writeZeroesMaxBytes());
        n.put("maxSectorsKb", d.facts().maxSectorsKb());
        n.put("optimalIoSize", d.facts().optimalIoSize());
        n.put("diskSequence", d.facts().diskseq());
        n.put("loopBackingFile", d.facts().loop().backingFile());
        if (d.facts().loop().backing() != null) {
            n.put("loopBacking", d.facts().loop().backing().describe());
        }
        n.put("mapperName", d.facts().mapperName());
        d.facts().slaves().forEach(n.putArray("slaves")::add);
        n.put("systemDisk", d.systemDisk());
        verdict(n, d);
        ArrayNode parts = n.putArray("partitions");
        d.partitions().forEach(p -> parts.add(partition(p, d.signatures().partitionTable())));
        return n;
    }

    /** @param tableType the type of the partition table it is in ("gpt", "dos") */
    public ObjectNode partition(Partition p, String tableType) {
        ObjectNode n = common(p);
        n.put("partitionTable", tableType);
        n.put("disk", p.disk());
        n.put("number", p.facts().partition());
        n.put("startSector", p.facts().startSector());
        n.put("startBytes", p.alignment().startBytes());
        ObjectNode a = n.putObject("alignment");
        a.put("aligned", p.alignment().aligned());
        a.put("physicalBlockOffset", p.alignment().physicalOffset());
        a.put("mibOffset", p.alignment().mibOffset());
        a.put("description", p.alignment().describe());
        n.put("entryName", p.signatures().entryName().isEmpty() ? p.facts().entryName() : p.signatures().entryName());
        n.put("readOnly", p.facts().readOnly());
        verdict(n, p);
        return n;
    }

    private ObjectNode common(Device d) {
        ObjectNode n = mapper.createObjectNode();
        n.put("name", d.name());
        n.put("path", d.path());
        n.put("majMin", d.number().toString());
        n.put("sizeBytes", d.size());
        n.put("size", Units.bytes(d.size()));
        signatures(n, d.signatures());
        d.usage().mountPoints().forEach(n.putArray("mountPoints")::add);
        n.put("swap", d.usage().swap());
        d.usage().holders().forEach(n.putArray("holders")::add);
        return n;
    }

    private void signatures(ObjectNode n, Signatures s) {
        n.put("partitionTable", s.partitionTable());
        s.content().ifPresentOrElse(c -> {
            n.put("fsType", c.type());
            n.put("fsUsage", c.usage());
            n.put("label", c.label());
            n.put("uuid", c.uuid());
        }, () -> {
            n.put("fsType", "");
            n.put("label", "");
        });
        ArrayNode all = n.putArray("signatures");
        for (Signature sig : s.found()) {
            all.addObject().put("type", sig.type()).put("usage", sig.usage()).put("label", sig.label()).put("uuid", sig.uuid());
        }
        if (!s.known()) {
            n.put("signaturesUnknown", s.problem());
        }
    }

    private static void verdict(ObjectNode n, Device d) {
        SafetyVerdict v = d.verdict();
        ObjectNode o = n.putObject("verdict");
        o.put("level", v.level());
        if (v instanceof SafetyVerdict.Blocked b) {
            o.put("reason", b.reason().name());
            o.put("forceOverrides", b.reason().forceOverrides());
        }
        o.put("detail", v.describe());
    }

}
