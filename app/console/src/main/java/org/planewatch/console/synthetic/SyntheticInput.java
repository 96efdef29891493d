package org.planewatch.console.synthetic;

import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;

/**
 * The mouse over a node as the window would deliver it, for tests and benchmarks that cannot move a
 * real pointer (a headless screen). Points are in the node's own coordinates: an event carries the
 * scene's, from which firing it at the node derives the node's, so giving it the node's own put the
 * pointer off by the node's place in the window. Call on the FX thread.
 */
public final class SyntheticInput {
    /** One notch of a wheel, in pixels, as the platforms report it. */
    private static final double NOTCH = 40;

    private SyntheticInput() {}

    /** The mouse moved to {@code at} over {@code node}, no button held. */
    public static void moveTo(Node node, Point2D at) {
        Point2D scene = node.localToScene(at);
        Point2D screen = screen(node, at);
        node.fireEvent(new MouseEvent(
                MouseEvent.MOUSE_MOVED,
                scene.getX(),
                scene.getY(),
                screen.getX(),
                screen.getY(),
                MouseButton.NONE,
                0,
                false,
                false,
                false,
                false,
                false,
                false,
                false,
                false,
                false,
                false,
                null));
    }

    /** One notch of the wheel away from the user (zoom in, where the wheel zooms) at {@code at} over {@code node}. */
    public static void wheelUp(Node node, Point2D at) {
        Point2D scene = node.localToScene(at);
        Point2D screen = screen(node, at);
        node.fireEvent(new ScrollEvent(
                ScrollEvent.SCROLL,
                scene.getX(),
                scene.getY(),
                screen.getX(),
                screen.getY(),
                false,
                false,
                false,
                false,
                false,
                false,
                0,
                NOTCH,
                0,
                NOTCH,
                ScrollEvent.HorizontalTextScrollUnits.NONE,
                0,
                ScrollEvent.VerticalTextScrollUnits.NONE,
                0,
                0,
                null));
    }

    private static Point2D screen(Node node, Point2D at) {
        Bounds bounds = node.localToScreen(node.getBoundsInLocal());
        return new Point2D(bounds.getMinX() + at.getX(), bounds.getMinY() + at.getY());
    }
}
