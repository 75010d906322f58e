import type { writerFor } from './seed-people.ts';

/** A factory's sections and the positions in them; the seeded people hold some of them. */
const DEMO_SECTIONS = [
  {
    name: 'Production',
    description: 'Assembly lines 1 to 3 and the paint shop.',
    positions: [
      { name: 'Line operator', description: 'Runs a station of an assembly line.' },
      { name: 'Line leader', description: 'Leads one shift of an assembly line.' },
    ],
  },
  {
    name: 'Quality assurance',
    description: 'Incoming, in-process and final inspection.',
    positions: [
      { name: 'Quality inspector', description: 'Inspects parts against the control plan.' },
      { name: 'Document controller', description: 'Keeps procedures and records under ISO 9001.' },
    ],
  },
  {
    name: 'Maintenance',
    description: 'Preventive and breakdown maintenance of the plant.',
    positions: [{ name: 'Maintenance technician', description: 'Electrical and mechanical repairs.' }],
  },
];

/** Sections and positions (the training roadmap's settings), through the same writes as the API's. */
export async function seedIso(o: { writer: ReturnType<typeof writerFor>; ids: Map<string, string> }) {
  const people = [...o.ids.entries()].filter(([name]) => name !== 'admin').map(([, id]) => id);
  let next = 0;
  for (const s of DEMO_SECTIONS) {
    const sectionId = await o.writer.create('Section', { name: s.name, description: s.description });
    for (const p of s.positions) {
      // Two people per position while there are people to place.
      const holderIds = people.slice(next, next + 2);
      next += holderIds.length;
      await o.writer.create('Position', { ...p, sectionId, holderIds });
    }
  }
}
