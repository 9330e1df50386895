import type { TablePaginationConfig } from 'antd';
import { countOf } from '@web-shared/format';

/** Every console table pages the same way: 20 rows, a size changer, and the total in words. */
export function pagination(one: string, many: string): TablePaginationConfig {
  return {
    defaultPageSize: 20,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => countOf(total, one, many),
  };
}
