/** A Map or a WeakMap. */
interface KeyedStore<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** What `map` holds for `key`, made by `make` and kept on first use: the caches keyed by checker, file and settings. */
export function getOrCreate<K, V>(map: KeyedStore<K, V>, key: K, make: () => NoInfer<V>): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
