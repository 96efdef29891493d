package org.planewatch.collector.rollup;

import java.util.Arrays;
import java.util.Iterator;

/**
 * The views of one link by the per-device tasks that see it, one per task: one or two (a link
 * between devices of two tasks), more only while a link's ends move between tasks. An array, not a
 * map per link: the by-plane stage holds every link of its planes, and a small hash map costs about
 * 120 bytes more than two references (ADR 0135). Not thread-safe: the task's thread.
 */
final class LinkViews implements Iterable<LinkPartial> {
    private LinkPartial[] views;

    LinkViews(LinkPartial first) {
        views = new LinkPartial[] {first};
    }

    /** Puts {@code view} in place of its task's earlier view, if any. */
    void put(LinkPartial view) {
        for (int i = 0; i < views.length; i++) {
            if (views[i].task().equals(view.task())) {
                views[i] = view;
                return;
            }
        }
        views = Arrays.copyOf(views, views.length + 1);
        views[views.length - 1] = view;
    }

    /** Drops {@code task}'s view; true when it had one. */
    boolean remove(String task) {
        for (int i = 0; i < views.length; i++) {
            if (views[i].task().equals(task)) {
                LinkPartial[] fewer = new LinkPartial[views.length - 1];
                System.arraycopy(views, 0, fewer, 0, i);
                System.arraycopy(views, i + 1, fewer, i, views.length - i - 1);
                views = fewer;
                return true;
            }
        }
        return false;
    }

    boolean isEmpty() {
        return views.length == 0;
    }

    @Override
    public Iterator<LinkPartial> iterator() {
        return Arrays.asList(views).iterator();
    }
}
