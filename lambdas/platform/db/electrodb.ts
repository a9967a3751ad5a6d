/**
 * ElectroDB's Entity from the package's public entry, re-exported so the entity modules share one
 * import site (and one place to change should the import ever need to).
 */
export { Entity, type EntityItem } from 'electrodb';
