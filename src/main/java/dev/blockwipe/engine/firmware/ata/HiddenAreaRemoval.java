package dev.blockwipe.engine.firmware.ata;

/**
 * What {@link AtaDrive#removeHiddenArea} did.
 *
 * @param removed the drive now shows every native sector to the host
 * @param summary one sentence for the log and the certificate
 */
public record HiddenAreaRemoval(boolean removed, String summary) {
}
