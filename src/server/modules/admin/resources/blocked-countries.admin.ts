import { referenceLists } from '../../reference/reference-lists.ts';
import type { CountryBlockService } from '../../country-block/country-block.service.ts';
import { normalise } from '../../country-block/country-block.service.ts';
import { invalid, notFound } from '../../../errors.ts';
import type { AdminItem } from '../../../../shared/admin/resource.ts';
import type { AdminAdapter } from '../admin-resource.ts';

const nameOf = (code: string) => referenceLists().countries.find((c) => c.code === code)?.name ?? code;
const itemOf = (code: string): AdminItem => ({ _id: code, code, name: nameOf(code) });

/** The country block list in the back office, through the same service as the CLI and the country gate. */
export function blockedCountriesAdmin(service: CountryBlockService): AdminAdapter<{ code: string }> {
  const codeOf = (raw: string) => {
    try {
      return normalise(raw);
    } catch (err) {
      throw invalid({ code: `Country: ${err instanceof Error ? err.message : 'unknown code'}.` });
    }
  };
  const get = async (id: string) => {
    const code = id.toUpperCase();
    if (!(await service.list()).includes(code)) throw notFound(`${nameOf(code)} is not blocked.`);
    return itemOf(code);
  };
  return {
    async list(query) {
      const q = query.q?.trim().toLowerCase().slice(0, 200);
      const all = (await service.list())
        .map(itemOf)
        .filter((c) => !q || String(c.name).toLowerCase().includes(q) || c._id.toLowerCase() === q)
        .sort((a, b) => String(a.name).localeCompare(String(b.name), 'en') * (query.sort === 'desc' ? -1 : 1));
      const offset = query.offset ?? 0;
      return { data: all.slice(offset, offset + (query.limit ?? 12)), total: all.length };
    },
    get,
    async create(body) {
      const code = codeOf(body.code);
      await service.block(code);
      return itemOf(code);
    },
    async update(id) {
      return get(id);
    },
    async remove(id) {
      const { _id } = await get(id);
      await service.unblock(_id);
    },
  };
}
