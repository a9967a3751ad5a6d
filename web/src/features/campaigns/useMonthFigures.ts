/** obtenerCifrasMes (active; issue 15 item 5): the month's headline figures ('YYYY-MM') for Conóceme. */
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { monthFiguresKey } from './keys';

export function useMonthFigures(month: string) {
  return useCallableQuery(monthFiguresKey(month), (signal) => callFunction('obtenerCifrasMes', { month }, { signal }), { staleTime: 0 });
}
