package dev.blockwipe.engine.firmware.ata;

import java.nio.charset.StandardCharsets;

/**
 * The 512-byte data block of the security commands (ACS-3 7.37 to 7.41): word 0 the control word,
 * words 1 to 16 the password, its bytes in the order given, padded with zero bytes, as hdparm
 * sends them, so a password Blockwipe set can be typed into {@code hdparm --security-disable}.
 */
public final class PasswordBlock {
    private static final int PASSWORD_BYTES = 32;
    private static final int ENHANCED = 1 << 1;

    private PasswordBlock() {
    }

    /**
     * SECURITY SET PASSWORD's block for the user password: word 0 bit 0 (IDENTIFIER) clear and bit 8
     * (MASTER PASSWORD CAPABILITY) clear, security level High, so the master password can still
     * unlock the drive if the user password is lost.
     */
    public static byte[] setPassword(String password) {
        return block(0, password);
    }

    /** SECURITY ERASE UNIT's block for the user password: word 0 bit 1 the ENHANCED bit. */
    public static byte[] eraseUnit(String password, boolean enhanced) {
        return block(enhanced ? ENHANCED : 0, password);
    }

    /** The block of SECURITY UNLOCK and SECURITY DISABLE PASSWORD for the user password. */
    public static byte[] user(String password) {
        return block(0, password);
    }

    private static byte[] block(int control, String password) {
        byte[] bytes = password.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length > PASSWORD_BYTES) {
            throw new IllegalArgumentException("an ATA password is at most 32 bytes");
        }
        byte[] block = new byte[AtaCommand.BLOCK];
        block[0] = (byte) control;
        block[1] = (byte) (control >> 8);
        System.arraycopy(bytes, 0, block, 2, bytes.length);
        return block;
    }
}
