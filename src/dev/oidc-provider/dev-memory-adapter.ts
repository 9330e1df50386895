interface Entry {
  payload: Record<string, unknown>;
  expiresAt: number;
}

/**
 * Storage for the development provider: in memory, by design, since it only
 * stands in locally (oidc-provider's adapter contract, with expiry).
 */
export function devMemoryAdapter() {
  const entries = new Map<string, Entry>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt < Date.now()) entries.delete(key);
    return entries.get(key);
  };

  return class DevMemoryAdapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void> {
      entries.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
    }

    async find(id: string) {
      return live(this.key(id))?.payload;
    }

    async findByUid(uid: string) {
      for (const key of entries.keys()) {
        if (key.startsWith(`${this.model}:`) && live(key)?.payload.uid === uid) return entries.get(key)!.payload;
      }
      return undefined;
    }

    async findByUserCode(userCode: string) {
      for (const key of entries.keys()) {
        if (key.startsWith(`${this.model}:`) && live(key)?.payload.userCode === userCode)
          return entries.get(key)!.payload;
      }
      return undefined;
    }

    async consume(id: string): Promise<void> {
      const entry = live(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key);
    }
  };
}
