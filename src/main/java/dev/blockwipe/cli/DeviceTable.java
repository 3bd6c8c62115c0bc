package dev.blockwipe.cli;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.engine.Units;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** The `list` table: a tree like lsblk's, one row per disk and partition, columns sized to fit. */
final class DeviceTable {
    private static final String[] HEADER = {"NAME", "MAJ:MIN", "SIZE", "KIND", "MODEL", "SERIAL", "CONTENTS", "MOUNTS",
        "VERDICT", "WHY"};

    private final List<String[]> rows = new ArrayList<>();

    void disk(Disk d) {
        String model = d.facts().loop().backingFile().isEmpty() ? d.identity().model() : d.facts().loop().backingFile();
        rows.add(row(d.name(), d, d.kind().label(), model, d.identity().serial()));
    }

    void partition(Partition p, boolean last) {
        String why = p.alignment().aligned() ? null : "misaligned: starts " + p.alignment().physicalOffset()
                + " bytes into a disk block";
        String[] row = row((last ? "└─" : "├─") + p.name(), p, "", p.signatures().entryName(), "");
        if (why != null) {
            row[9] = row[9].isEmpty() ? why : row[9] + "; " + why;
        }
        rows.add(row);
    }

    private static String[] row(String name, Device d, String kind, String model, String serial) {
        String contents = d.signatures().known()
                ? d.signatures().found().isEmpty() ? "" : d.signatures().describe()
                : "unknown";
        String mounts = String.join(",", d.usage().mountPoints().stream().filter(m -> m.startsWith("/")).toList());
        if (d.usage().swap()) {
            mounts = mounts.isEmpty() ? "[SWAP]" : mounts + ",[SWAP]";
        }
        String verdict = d.verdict().level();
        String why = d.verdict() instanceof dev.blockwipe.devices.SafetyVerdict.Blocked ? d.verdict().describe() : "";
        return new String[] {name, d.number().toString(), Units.bytes(d.size()), kind, model, serial, contents, mounts,
            verdict, why};
    }

    void print(PrintWriter out) {
        int[] width = new int[HEADER.length];
        List<String[]> all = new ArrayList<>();
        all.add(HEADER);
        all.addAll(rows);
        for (String[] r : all) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(i == r.length - 1 ? r[i] : pad(r[i], width[i] + 2));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
