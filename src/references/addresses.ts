/**
 * Server addresses as one host records them (docs/design.md §6): the url each server is dialed at
 * (`null` for stdio: no address) and the connection's credential. Each host keeps its own,
 * so two hosts configuring one server id at two urls never dial each other's origin, and a
 * stub and its host's fetch read the same answer.
 */

/** Where a server is dialed, and the credential its connection carries. */
export interface ServerAddress {
  /** The url the connection is dialed at. */
  readonly url: string;
  /** The connection's bearer token, sent only to this url's origin. */
  readonly credential?: string;
}

/** A host's server addresses: `null` for a server with no address (stdio). */
export interface AddressBook {
  /** The address of `serverId`: `undefined` when unknown, `null` when it has none. */
  get(serverId: string): ServerAddress | null | undefined;
}

/** A mutable address book a host owns. */
export interface MutableAddressBook extends AddressBook {
  set(serverId: string, address: ServerAddress | null): void;
  delete(serverId: string): void;
  clear(): void;
}

/** Creates an empty address book. */
export function createAddressBook(): MutableAddressBook {
  const entries = new Map<string, ServerAddress | null>();
  return {
    get: (serverId) => entries.get(serverId),
    set: (serverId, address) => void entries.set(serverId, address),
    delete: (serverId) => void entries.delete(serverId),
    clear: () => entries.clear(),
  };
}
