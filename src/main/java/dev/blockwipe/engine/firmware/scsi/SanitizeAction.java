package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.method.FirmwareMethod;

/** The SANITIZE service actions Blockwipe sends (SBC-4, SANITIZE command), each carrying out one firmware method. */
public enum SanitizeAction {
    OVERWRITE(0x01, "OVERWRITE", "overwrite", FirmwareMethod.SCSI_SANITIZE_OVERWRITE),
    BLOCK_ERASE(0x02, "BLOCK ERASE", "block erase", FirmwareMethod.SCSI_SANITIZE_BLOCK),
    CRYPTOGRAPHIC_ERASE(0x03, "CRYPTOGRAPHIC ERASE", "crypto erase", FirmwareMethod.SCSI_SANITIZE_CRYPTO);

    private final int code;
    private final String specName;
    private final String label;
    private final FirmwareMethod method;

    SanitizeAction(int code, String specName, String label, FirmwareMethod method) {
        this.code = code;
        this.specName = specName;
        this.label = label;
        this.method = method;
    }

    /** The SERVICE ACTION field's value. */
    public int code() {
        return code;
    }

    /** The name SBC-4 gives it: "BLOCK ERASE". */
    public String specName() {
        return specName;
    }

    /** How a facts line names it: "block erase". */
    public String label() {
        return label;
    }

    public FirmwareMethod method() {
        return method;
    }
}
