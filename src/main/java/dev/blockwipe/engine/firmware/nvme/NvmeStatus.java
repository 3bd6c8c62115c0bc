package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.NvmeCompletion;
import java.util.Map;

/** An NVMe completion's status in words, for messages and the certificate (NVMe Base Specification 2.0). */
public final class NvmeStatus {
    private static final int GENERIC = 0;
    private static final int COMMAND_SPECIFIC = 1;

    private static final Map<Integer, String> GENERIC_NAMES = Map.ofEntries(
            Map.entry(0x01, "Invalid Command Opcode"),
            Map.entry(0x02, "Invalid Field in Command"),
            Map.entry(0x04, "Data Transfer Error"),
            Map.entry(0x05, "Commands Aborted due to Power Loss Notification"),
            Map.entry(0x06, "Internal Error"),
            Map.entry(0x07, "Command Abort Requested"),
            Map.entry(0x0B, "Invalid Namespace or Format"),
            Map.entry(0x0C, "Command Sequence Error"),
            Map.entry(0x15, "Operation Denied"),
            Map.entry(0x1C, "Sanitize Failed"),
            Map.entry(0x1D, "Sanitize In Progress"),
            Map.entry(0x20, "Namespace is Write Protected"),
            Map.entry(0x21, "Command Interrupted"),
            Map.entry(0x84, "Format In Progress"));

    private static final Map<Integer, String> COMMAND_SPECIFIC_NAMES = Map.of(
            0x09, "Invalid Log Page",
            0x0A, "Invalid Format",
            0x23, "Sanitize Prohibited While Persistent Memory Region is Enabled");

    private NvmeStatus() {
    }

    /** "success", or "SCT 0 SC 0x02 (Invalid Field in Command)". */
    public static String describe(NvmeCompletion completion) {
        if (completion.succeeded()) {
            return "success";
        }
        int type = completion.statusCodeType();
        int code = completion.statusCode();
        String name = switch (type) {
            case GENERIC -> GENERIC_NAMES.get(code);
            case COMMAND_SPECIFIC -> COMMAND_SPECIFIC_NAMES.get(code);
            default -> null;
        };
        String fields = String.format("SCT %d SC 0x%02X", type, code);
        return name == null ? fields : fields + " (" + name + ")";
    }
}
