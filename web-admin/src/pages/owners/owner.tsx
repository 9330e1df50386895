import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ArrowLeftOutlined, MergeCellsOutlined, SplitCellsOutlined } from '@ant-design/icons';
import { generatePath, Link, useLocation, useParams } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { HttpError, messageOf } from '@/lib/api';
import { useCanChangeData } from '@/lib/staff-role';
import { useOwner, type OwnerDecided, type OwnerDecision, type OwnerEvidence, type OwnerSpelling } from './api';
import { MergeDialog } from './components/merge-dialog';
import { SplitDialog } from './components/split-dialog';
import {
  decisionSummary,
  kindLabel,
  mailText,
  mentionLabel,
  selectedSpellings,
  shortId,
  spellingKey,
  splitBlocker,
} from './owner-text';
import './owners.css';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const count = (n: number) => n.toLocaleString('en-US');
const ownerPath = (id: string) => generatePath(ADMIN_PATHS.owner, { id });

/** A link to another owner by its id (the console names owners by id where it has no name for them). */
function OwnerLink({ id }: { id: string }) {
  return (
    <Link to={ownerPath(id)} aria-label={`Owner ${id}`}>
      <Typography.Text code>{shortId(id)}</Typography.Text>
    </Link>
  );
}

/** What staff just decided: the API's message, until they close it or open another owner. */
function DecisionNotice({ answer, onClose }: { answer: OwnerDecided; onClose: () => void }) {
  const { decision } = answer;
  return (
    <Alert
      type="success"
      showIcon
      closable={{ onClose, 'aria-label': 'Close the message' }}
      role="status"
      className="owner-notice"
      title={answer.message}
      description={
        <>
          {decision.kind === 'split' ? 'The names split off become owner ' : 'This owner becomes part of owner '}
          <OwnerLink id={decision.resultOwnerId} />. Until then this page shows the owner as grouped before.
        </>
      }
    />
  );
}

/**
 * One owner as staff audit it: its totals, the rules that made its names one owner, every name at every
 * mailing address, and staff's decisions. Admins split names off it or merge it into another owner.
 */
export default function OwnerPage() {
  const { id = '' } = useParams();
  const { state } = useLocation() as { state: { search?: string } | null };
  const detail = useOwner(id);
  // Support staff read and audit owners; splitting and merging are an admin's (the server refuses support with 403).
  const canChange = useCanChangeData();
  const [selected, setSelected] = useState<string[]>([]);
  const [splitting, setSplitting] = useState(false);
  const [merging, setMerging] = useState(false);
  const [decided, setDecided] = useState<{ ownerId: string; answer: OwnerDecided } | null>(null);
  const back = (
    <Link to={`${ADMIN_PATHS.owners}${state?.search ?? ''}`}>
      <ArrowLeftOutlined /> {state?.search ? 'Back to the search' : 'All owners'}
    </Link>
  );

  if (detail.isError) {
    return (
      <>
        {back}
        {detail.error instanceof HttpError && detail.error.status === 404 ? (
          <Result
            status="404"
            title="No owner has this id"
            subTitle={`${messageOf(detail.error, '')} An owner merged into another, or whose names all moved, has no page.`}
          />
        ) : (
          <LoadError error={detail.error} fallback="Failed to load the owner" />
        )}
      </>
    );
  }
  if (!detail.data) return <Skeleton active />;
  const owner = detail.data;
  const chosenSpellings = selectedSpellings(selected, owner.spellings);
  const chosen = chosenSpellings.map(spellingKey);
  const blocker = splitBlocker(chosen.length, owner.spellings.length);

  const evidenceColumns: TableColumnsType<OwnerEvidence> = [
    { title: 'Rule', dataIndex: 'explanation', className: 'owners-wrap' },
    {
      title: <Tooltip title="How many times the rule joined two names at mailing addresses">Joins</Tooltip>,
      dataIndex: 'joins',
      align: 'right',
      render: count,
    },
  ];

  const spellingColumns: TableColumnsType<OwnerSpelling> = [
    { title: 'Name as written', dataIndex: 'name', className: 'owners-wrap' },
    { title: 'Mailing address', dataIndex: 'mail', className: 'owners-wrap', render: mailText },
    { title: 'Parcels', dataIndex: 'parcels', align: 'right', render: count },
    { title: 'Counties', dataIndex: 'counties', align: 'right' },
  ];

  const decisionColumns: TableColumnsType<OwnerDecision> = [
    {
      title: 'Kind',
      dataIndex: 'kind',
      render: (kind: string) => <Tag color={kind === 'split' ? 'orange' : 'blue'}>{kind}</Tag>,
    },
    {
      title: 'What',
      key: 'what',
      className: 'owners-wrap',
      render: (_, decision) => {
        const { action, otherOwnerId, linked } = decisionSummary(decision, owner.id);
        return (
          <>
            {action}{' '}
            {linked ? <OwnerLink id={otherOwnerId} /> : <Typography.Text code>{shortId(otherOwnerId)}</Typography.Text>}
            {decision.mentions.length > 0 && (
              <ul className="owner-mentions" aria-label="Names at mailing addresses split off">
                {decision.mentions.map((mention) => (
                  <li key={spellingKey(mention)}>{mentionLabel(mention, owner.spellings)}</li>
                ))}
              </ul>
            )}
          </>
        );
      },
    },
    { title: 'Reason', dataIndex: 'reason', className: 'owners-wrap' },
    { title: 'Decided by', dataIndex: 'decidedBy' },
    { title: 'When', dataIndex: 'createdAt', render: when },
  ];

  return (
    <>
      {back}
      <PageHeading
        title={owner.name}
        subtitle={`${kindLabel(owner.kind)}: ${count(owner.parcels)} ${owner.parcels === 1 ? 'parcel' : 'parcels'} in ${
          owner.counties
        } ${owner.counties === 1 ? 'county' : 'counties'}`}
        extra={
          <Space wrap>
            {owner.decided && <Tag color="purple">Decided by staff</Tag>}
            {canChange && (
              <Button icon={<MergeCellsOutlined />} onClick={() => setMerging(true)}>
                Merge into another owner
              </Button>
            )}
          </Space>
        }
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered className="owner-facts">
        <Descriptions.Item label="Kind">{kindLabel(owner.kind)}</Descriptions.Item>
        <Descriptions.Item label="Parcels">{count(owner.parcels)}</Descriptions.Item>
        <Descriptions.Item label="Counties">{owner.counties}</Descriptions.Item>
        <Descriptions.Item label="Names at mailing addresses">{owner.spellings.length}</Descriptions.Item>
        <Descriptions.Item label="Parcel lookup" span="filled">
          <Link to={`${ADMIN_PATHS.parcels}?${new URLSearchParams({ by: 'owner', owner: owner.name }).toString()}`}>
            Find parcels by this name
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label="Owner id" span="filled">
          <Typography.Text code copyable={{ tooltips: ['Copy owner id', 'Copied'] }}>
            {owner.id}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {decided?.ownerId === owner.id && <DecisionNotice answer={decided.answer} onClose={() => setDecided(null)} />}

      <Card title="Why these are one owner" className="owner-section">
        <Table<OwnerEvidence>
          rowKey="rule"
          size="small"
          className="owner-table"
          aria-label="Why these are one owner"
          columns={evidenceColumns}
          dataSource={owner.evidence}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: 'One name at one mailing address: no rule had anything to join' }}
        />
      </Card>

      <Card
        title="Names at mailing addresses"
        className="owner-section"
        extra={
          canChange && (
            <Tooltip title={blocker}>
              <Button
                danger
                icon={<SplitCellsOutlined />}
                disabled={blocker !== null}
                onClick={() => setSplitting(true)}
              >
                Split off selected
              </Button>
            </Tooltip>
          )
        }
      >
        {canChange && chosen.length > 0 && blocker && (
          <Typography.Paragraph type="warning" role="status">
            {blocker}
          </Typography.Paragraph>
        )}
        <Table<OwnerSpelling>
          rowKey={spellingKey}
          size="small"
          className="owner-table owner-spellings"
          aria-label="Names at mailing addresses"
          columns={spellingColumns}
          dataSource={owner.spellings}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: true }}
          rowSelection={
            canChange
              ? {
                  selectedRowKeys: chosen,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (s) => ({ 'aria-label': `Select ${s.name} at ${mailText(s.mail)}` }),
                }
              : undefined
          }
        />
      </Card>

      <Card title="Decisions" className="owner-section">
        <Table<OwnerDecision>
          rowKey="id"
          size="small"
          className="owner-table"
          aria-label="Decisions"
          columns={decisionColumns}
          dataSource={owner.decisions}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: 'Staff have not split or merged this owner' }}
        />
      </Card>

      {splitting && (
        <SplitDialog
          ownerId={owner.id}
          ownerName={owner.name}
          spellings={chosenSpellings}
          onClose={() => setSplitting(false)}
          onDone={(answer) => {
            setSplitting(false);
            setSelected([]);
            setDecided({ ownerId: owner.id, answer });
          }}
        />
      )}
      {merging && (
        <MergeDialog
          ownerId={owner.id}
          ownerName={owner.name}
          onClose={() => setMerging(false)}
          onDone={(answer) => {
            setMerging(false);
            setDecided({ ownerId: owner.id, answer });
          }}
        />
      )}
    </>
  );
}
