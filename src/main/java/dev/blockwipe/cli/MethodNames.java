package dev.blockwipe.cli;

import dev.blockwipe.engine.method.WipeMethods;
import java.util.Iterator;

/** The method names, for the shell completion picocli generates for {@code --method}: from the methods themselves, so a new one completes too. */
final class MethodNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return WipeMethods.names().iterator();
    }
}
