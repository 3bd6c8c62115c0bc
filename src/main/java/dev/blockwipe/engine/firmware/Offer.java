package dev.blockwipe.engine.firmware;

import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import java.time.Duration;
import java.util.Optional;

/**
 * Whether a drive offers one firmware method, and why not when it does not.
 *
 * @param method    the method
 * @param operation the command to send, empty when the drive does not offer the method
 * @param reason    why not ("the controller reports no sanitize support (SANICAP 0)"), or what it does
 *                  when offered ("SANICAP: block erase")
 * @param readsAs   what every block reads as afterwards where the drive defines it (Format NVM on a
 *                  namespace whose deallocated blocks read as zeroes; ATA normal security erase: zeroes),
 *                  empty where it is not defined (crypto erase)
 * @param estimate  the drive's own estimate of the time it takes, where it gives one
 */
public record Offer(FirmwareMethod method, Optional<FirmwareOperation> operation, String reason,
                    Optional<Pattern> readsAs, Optional<Duration> estimate) {

    public static Offer available(FirmwareOperation operation, String what, Optional<Pattern> readsAs,
                                  Optional<Duration> estimate) {
        return new Offer(operation.method(), Optional.of(operation), what, readsAs, estimate);
    }

    public static Offer unavailable(FirmwareMethod method, String why) {
        return new Offer(method, Optional.empty(), why, Optional.empty(), Optional.empty());
    }

    public boolean available() {
        return operation.isPresent();
    }
}
