package dev.blockwipe.engine.firmware.nvme;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The active namespaces a controller lists (Identify CNS 02h): a sanitize, and a Format NVM whose
 * FNA says it applies to all namespaces, erase every one of them, so they are offered only where the
 * chosen namespace is the only one.
 *
 * @param ids      the active namespace IDs, ascending; empty when the list did not answer
 * @param unlisted why there is no list (the command's status), empty when there is one
 */
record Namespaces(List<Integer> ids, String unlisted) {
    static Namespaces parse(byte[] page) {
        ByteBuffer b = ByteBuffer.wrap(page).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> ids = new ArrayList<>();
        for (int at = 0; at + 4 <= page.length; at += 4) {
            int id = b.getInt(at);
            if (id == 0) {
                break;
            }
            ids.add(id);
        }
        return new Namespaces(List.copyOf(ids), "");
    }

    static Namespaces unlisted(String status) {
        return new Namespaces(List.of(), status);
    }

    boolean onlyOne() {
        return unlisted.isEmpty() && ids.size() == 1;
    }

    /** "the controller has 2 active namespaces (1, 2)", or why that is not known. */
    String why() {
        return unlisted.isEmpty() ? "the controller has " + ids.size() + " active namespace" + (ids.size() == 1 ? "" : "s")
                + " (" + String.join(", ", ids.stream().map(Integer::toUnsignedString).toList()) + ")"
                : "the controller did not list its active namespaces (Identify CNS 02h: " + unlisted + ")";
    }

    /** The fact line for show and Details. */
    String describe() {
        return "Active namespaces: " + (unlisted.isEmpty() ? String.join(", ", ids.stream().map(Integer::toUnsignedString)
                .toList()) : "not listed (" + unlisted + ")");
    }
}
