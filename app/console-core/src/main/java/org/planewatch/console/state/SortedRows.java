package org.planewatch.console.state;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A device's rows of one kind (its ports, planes, QPs, a port's queues, its LLDP neighbors) by key,
 * in key order: keys and rows in two sorted arrays, found by binary search. A tree or hash map costs
 * a 32- to 40-byte node per row and 48 to 64 bytes per map; a device has a handful to a hundred rows
 * of each kind, and at 9,728 devices the maps cost more than the leaves of the rows they held (ADR
 * 0108). Owned by the state thread.
 */
final class SortedRows<K extends Comparable<? super K>, V> extends AbstractMap<K, V> {
    private static final Object[] EMPTY = {};

    private Object[] keys = EMPTY;
    private Object[] values = EMPTY;
    private int size;

    @SuppressWarnings("unchecked")
    private int indexOf(Object key) {
        int low = 0;
        int high = size - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int c = ((K) keys[mid]).compareTo((K) key);
            if (c < 0) {
                low = mid + 1;
            } else if (c > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : (V) values[i];
    }

    @Override
    @SuppressWarnings("unchecked")
    public V put(K key, V value) {
        int i = indexOf(key);
        if (i >= 0) {
            V old = (V) values[i];
            values[i] = value;
            return old;
        }
        int at = -(i + 1);
        if (size == keys.length) {
            int grown = size == 0 ? 1 : size + Math.max(1, size >> 1);
            keys = Arrays.copyOf(keys, grown);
            values = Arrays.copyOf(values, grown);
        }
        System.arraycopy(keys, at, keys, at + 1, size - at);
        System.arraycopy(values, at, values, at + 1, size - at);
        keys[at] = key;
        values[at] = value;
        size++;
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V remove(Object key) {
        int i = indexOf(key);
        if (i < 0) {
            return null;
        }
        V old = (V) values[i];
        removeAt(i);
        return old;
    }

    private void removeAt(int i) {
        size--;
        System.arraycopy(keys, i + 1, keys, i, size - i);
        System.arraycopy(values, i + 1, values, i, size - i);
        keys[size] = null;
        values[size] = null;
    }

    @Override
    public void clear() {
        keys = EMPTY;
        values = EMPTY;
        size = 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void forEach(BiConsumer<? super K, ? super V> action) {
        for (int i = 0; i < size; i++) {
            action.accept((K) keys[i], (V) values[i]);
        }
    }

    @Override
    public Set<Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<Entry<K, V>> iterator() {
                return new Iterator<>() {
                    private int next;
                    private int last = -1;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    @SuppressWarnings("unchecked")
                    public Entry<K, V> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        last = next++;
                        return new SimpleImmutableEntry<>((K) keys[last], (V) values[last]);
                    }

                    @Override
                    public void remove() {
                        if (last < 0) {
                            throw new IllegalStateException();
                        }
                        removeAt(last);
                        next = last;
                        last = -1;
                    }
                };
            }
        };
    }
}
