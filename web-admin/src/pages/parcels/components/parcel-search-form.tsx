import { useMemo } from 'react';
import { Alert, AutoComplete, Button, Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { CoverageCounty } from '../api';
import {
  fieldsOf,
  paramsOfSearch,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type ParcelSearch,
  type SearchField,
  type SearchKind,
} from '../parcel-search';

type FormValues = { by: SearchKind } & Partial<Record<SearchField, string>>;

const FIELD_LABELS: Record<SearchField, string> = {
  address: 'Address',
  owner: 'Owner name',
  county: 'County FIPS',
  parcel: 'Parcel number',
  lat: 'Latitude',
  lon: 'Longitude',
  radius: 'Radius (metres)',
};

const PLACEHOLDERS: Record<SearchField, string> = {
  address: '123 North Main Street',
  owner: 'Lovelace Ada',
  county: 'Any county',
  parcel: '12-345-678, separators or not',
  lat: '39.2904',
  lon: '-76.6122',
  radius: 'Inside the parcel',
};

/** Address and owner searches may stay in one county; a parcel number needs its county. */
const countyLabel = (by: SearchKind) => (by === 'parcel' ? 'County FIPS' : 'County FIPS (optional)');

interface SearchFormProps {
  search: ParcelSearch | null;
  counties: CoverageCounty[];
  /** The API's 400 message for the search shown, if it refused it. */
  refusal: string | null;
  searching: boolean;
  onSearch: (search: ParcelSearch) => void;
}

/**
 * The question: what to search by, then that question's values. The server checks them, so what it
 * refuses shows here as its own message. A new address (a shared link, Back) starts a new form from what
 * it asks: a form keeps the values typed into it over new initial values.
 */
export function ParcelSearchForm(props: SearchFormProps) {
  return <SearchForm key={props.search ? paramsOfSearch(props.search).toString() : ''} {...props} />;
}

function SearchForm({ search, counties, refusal, searching, onSearch }: SearchFormProps) {
  const [form] = Form.useForm<FormValues>();
  const by = Form.useWatch('by', form) ?? search?.by ?? 'address';
  const countyOptions = useMemo(
    () =>
      counties.map((county) => ({
        value: county.fips,
        label: `${county.fips} · ${county.name}, ${county.state}`,
      })),
    [counties],
  );

  const submit = ({ by: kind, ...values }: FormValues) => onSearch({ by: kind, values });

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      className="parcels-form"
      aria-label="Parcel search"
      requiredMark={false}
      initialValues={{ by: search?.by ?? 'address', ...search?.values }}
      onFinish={submit}
    >
      <div className="parcels-form-fields">
        <Form.Item label="Search by" name="by">
          <Select
            options={SEARCH_KINDS.map((kind) => ({ value: kind, label: SEARCH_KIND_LABELS[kind] }))}
            // antd sizes a select to its text; the kinds' names differ in length, and the form should not jump.
            style={{ width: 220 }}
          />
        </Form.Item>
        {fieldsOf(by).map((field) =>
          field === 'county' ? (
            <Form.Item key={field} label={countyLabel(by)} name="county">
              <AutoComplete
                options={countyOptions}
                placeholder={by === 'parcel' ? '24510' : PLACEHOLDERS.county}
                className="parcels-form-county"
                // Staff type a FIPS code or a county's name; the code is what is sent.
                showSearch={{
                  filterOption: (typed, option) =>
                    option?.label.toLowerCase().includes(typed.trim().toLowerCase()) ?? false,
                }}
              />
            </Form.Item>
          ) : (
            <Form.Item key={field} label={FIELD_LABELS[field]} name={field}>
              <Input
                placeholder={PLACEHOLDERS[field]}
                inputMode={field === 'lat' || field === 'lon' || field === 'radius' ? 'decimal' : undefined}
                className={`parcels-form-${field}`}
                autoComplete="off"
              />
            </Form.Item>
          ),
        )}
        <Form.Item label=" " className="parcels-form-submit">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={searching}>
            Search
          </Button>
        </Form.Item>
      </div>
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" className="parcels-refusal" />}
    </Form>
  );
}
