import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/platform/i18n/en';
import { administrationResources } from '../../../../src/admin';

function allStrings(messages: unknown): string[] {
  if (typeof messages === 'string') return [messages];
  if (typeof messages !== 'object' || messages === null) return [];
  return Object.values(messages).flatMap(allStrings);
}

/** Quoted in spec §2, §5, §8 and §9; the typos are the spec's own and must stay. */
const specStrings = [
  // §2 screens
  'Scan QR Code', 'Profile', 'Logout', 'Work Orders', 'Completed', 'Toggle Flash', 'Back', 'Record activity',
  'Record', 'Activity Log', 'Home', 'Assets', 'Alerts', 'Checklists', 'Inspection Schedule', 'Calendar',
  'Work Order', 'Inspections', 'Reports', 'Thermography', 'Thermography Info', 'Email', 'New password',
  'Confirm password', 'Close', 'Update', 'Export to Excel', 'Expand All', 'Collapse All', 'Refresh',
  'Maintenance Inspections', 'Thermography Inspections', 'Previous Month', 'Next Month', 'Add item', 'Overdue',
  'Pending', 'Weekly', 'Monthly', 'Yearly', 'Start Date', 'End Date', 'Asset', 'Delete', 'Cancel', 'Create',
  'List', 'Search', 'New', 'Actions', 'Today', 'Day', 'Week', 'Month', '4 days', 'Add Work Order',
  'Edit Work Order', 'Title', 'Assigned To', 'Priority', 'Status', 'Reset', 'Submit', 'Saving',
  'Confirm Deletion', 'Are you sure you want to delete this item?', 'Add User', 'New Item', 'Edit Item',
  'New Checklist', 'Copy Checklist', 'Number of checklist items', 'Asset IDs', 'New Permission',
  'Users having direct permission', 'New Role', 'Copy Role', 'New Table', 'New Report', 'New Widget',
  'Copy Widget', 'New Dashboard', 'Copy Dashboard', 'New Job', 'Copy Job', 'CRON Expression (GMT)',
  'New Attribute', 'Copy Attribute', 'Technical Name', 'New Asset', 'Copy Asset', 'Tag name',
  'Static Attribute Name', 'New Static Attribute Key', 'Add Static Attribute', 'Save', 'Sequence ID',
  'Update & Send for Approval', 'Update & Approve', 'Username', 'Password', 'Login',
  // §5 validation
  'Required.', 'Please enter both username and password', 'Password does not match', 'Mandatory fields are not set',
  'Image number is mandatory', 'Image number is duplicated', 'Identification is required',
  'Severity Level is not defined', 'Real image is not uploaded', 'Thermal image is not uploaded',
  'File is too large, allowed limit is only upto 1MB', 'Start date is not set', 'End date is not set',
  'End date should be the same or should be after the start date', 'Please select an asset',
  'Please select at least one checklist', 'Config with the same key already exists',
  'Option with the name %{name} already exists', 'equal', 'greater than', 'at least', 'less than', 'at most',
  'Title is required', 'Asset is required', 'Assignee is required', 'Priority is required', 'Status is required',
  'Start Date is required', 'End Date is required', 'Are you sure you want to delete the asset %{name}',
  'Are you sure you want to delete this event?',
  // §8 messages
  'This application needs access to the camera in order to scan QR code.',
  'Something went wrong in updating the real image', 'Something went wrong in updating the termography note',
  'Something went wrong in updating the note status', 'Updated successfully', 'Deleted successfully',
  'Checklist submitted successfully.', 'Note submitted successfully.', 'Profile update successfully.',
  'User updated successsfully', 'User added successfully', 'User deleted', 'User deletion failed',
  'New password: %{password}', 'Something went wrong in deleting the inspection schedule',
  'Asset created', 'Asset updated', 'Asset deleted', 'Asset creation failed', 'Asset updating failed',
  'Asset deletion failed', 'Work order updated', 'Activity recorded', 'Something went wrong in deleting the event',
  'Attribute created', 'Attribute creation failed',
  // §9
  'Priority %{level}', 'image %{n} of %{m}', '%{n} days', 'Sheet1', 'High', 'Medium', 'Low',
];

const crudEntities = ['Checklist', 'Permission', 'Role', 'Table', 'Report', 'Widget', 'Dashboard', 'Job', 'Attribute'];
const crudOutcomes = ['created', 'copied', 'deleted', 'updated', 'creation failed', 'copying failed', 'deletion failed', 'updating failed'];

/** The English catalogue: en.ts and the English the declared resources derive (docs/resources.md). */
describe('the English catalogue holds the spec strings verbatim', () => {
  const derived = administrationResources.flatMap((definition) => Object.values(definition.strings ?? {}));
  const strings = new Set([...allStrings(en), ...derived]);

  it('every quoted label and message', () => {
    expect(specStrings.filter((text) => !strings.has(text))).toEqual([]);
  });

  it('the created/copied/deleted/updated pattern of every administration entity (spec §8)', () => {
    const expected = crudEntities.flatMap((entity) => crudOutcomes.map((outcome) => `${entity} ${outcome}`));
    expect(expected.filter((text) => !strings.has(text))).toEqual([]);
  });

  it("overrides react-admin's required message with the spec's", () => {
    expect(en.ra?.validation).toMatchObject({ required: 'Required.' });
  });
});
