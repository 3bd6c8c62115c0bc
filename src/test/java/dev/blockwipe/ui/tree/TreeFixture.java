package dev.blockwipe.ui.tree;

import org.junit.jupiter.api.AfterEach;

/**
 * The view-model tests of the device tree on its own, without a window: the {@link DeviceFixture}
 * over a tree model that a test makes, closed after each test.
 */
abstract class TreeFixture extends DeviceFixture {
    /** The tree model the test made; none until it does. */
    protected DeviceTreeModel tree;

    @Override
    protected DeviceTreeModel tree() {
        return tree;
    }

    @AfterEach
    void closeTree() {
        if (tree != null) {
            tree.close();
        }
    }
}
