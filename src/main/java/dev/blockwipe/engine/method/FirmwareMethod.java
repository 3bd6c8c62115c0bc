package dev.blockwipe.engine.method;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The drive's own erase commands Blockwipe offers as methods, each NIST SP 800-88 Purge (IEEE 2883:
 * sanitize where the interface has it). A drive offers the ones its identify data says it supports.
 */
public enum FirmwareMethod {
    NVME_SANITIZE_BLOCK(Family.NVME, "NVMe sanitize, block erase",
            "The controller erases every block of the NVM subsystem, spare and over-provisioned blocks included."),
    NVME_SANITIZE_CRYPTO(Family.NVME, "NVMe sanitize, crypto erase",
            "The controller replaces the media encryption keys of the NVM subsystem, so every block becomes unreadable."),
    NVME_SANITIZE_OVERWRITE(Family.NVME, "NVMe sanitize, overwrite",
            "The controller overwrites every block of the NVM subsystem with a pattern, spare blocks included."),
    NVME_FORMAT_USER_DATA(Family.NVME, "NVMe format, user data erase",
            "Format NVM with Secure Erase Settings 1: the controller erases all user data of the namespace."),
    NVME_FORMAT_CRYPTO(Family.NVME, "NVMe format, crypto erase",
            "Format NVM with Secure Erase Settings 2: the controller erases the namespace by deleting its encryption key."),
    ATA_SANITIZE_BLOCK(Family.ATA, "ATA sanitize, block erase",
            "SANITIZE BLOCK ERASE EXT: the drive erases every block, spare and remapped ones included."),
    ATA_SANITIZE_CRYPTO(Family.ATA, "ATA sanitize, crypto scramble",
            "SANITIZE CRYPTO SCRAMBLE EXT: the drive changes its internal encryption key."),
    ATA_SANITIZE_OVERWRITE(Family.ATA, "ATA sanitize, overwrite",
            "OVERWRITE EXT: the drive writes a pattern over every block, spare and remapped ones included."),
    ATA_SECURE_ERASE(Family.ATA, "ATA security erase",
            "SECURITY ERASE UNIT, normal mode, with a temporary password: the drive writes zeroes to all user data."),
    ATA_SECURE_ERASE_ENHANCED(Family.ATA, "ATA enhanced security erase",
            "SECURITY ERASE UNIT, enhanced mode, with a temporary password: the drive writes its own pattern to every"
                    + " block, reallocated ones included."),
    SCSI_SANITIZE_BLOCK(Family.SCSI, "SCSI sanitize, block erase",
            "SANITIZE (BLOCK ERASE): the drive erases every block, spare ones included."),
    SCSI_SANITIZE_CRYPTO(Family.SCSI, "SCSI sanitize, crypto erase",
            "SANITIZE (CRYPTOGRAPHIC ERASE): the drive changes its encryption keys."),
    SCSI_SANITIZE_OVERWRITE(Family.SCSI, "SCSI sanitize, overwrite",
            "SANITIZE (OVERWRITE): the drive writes a pattern over every block, spare ones included.");

    /** The command set a method's commands belong to. */
    public enum Family {
        NVME("NVMe", "NVMe Base Specification 2.0 (Sanitize, Format NVM); NIST SP 800-88 Rev. 1, Table A-8; IEEE 2883-2022"),
        ATA("ATA", "ATA/ATAPI Command Set ACS-3 (Sanitize Device, Security feature set); NIST SP 800-88 Rev. 1,"
                + " Table A-6; IEEE 2883-2022"),
        SCSI("SCSI", "SCSI Block Commands SBC-4 (SANITIZE); NIST SP 800-88 Rev. 1, Table A-7; IEEE 2883-2022");

        private final String label;
        private final String source;

        Family(String label, String source) {
            this.label = label;
            this.source = source;
        }

        public String label() {
            return label;
        }
    }

    private final Family family;
    private final String title;
    private final String description;

    FirmwareMethod(Family family, String title, String description) {
        this.family = family;
        this.title = title;
        this.description = description;
    }

    /** The CLI name: "nvme-sanitize-block". */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public Family family() {
        return family;
    }

    public String title() {
        return title;
    }

    public String description() {
        return description;
    }

    /** The standards the command and its classification come from. */
    public String source() {
        return family.source;
    }

    public static Optional<FirmwareMethod> byName(String name) {
        return Arrays.stream(values()).filter(m -> m.cliName().equals(name.toLowerCase(Locale.ROOT))).findFirst();
    }
}
