// The account-type select itself (antd Select), in a chunk of its own: see account-type-select.tsx.
export { Select as TypeSelect } from 'antd';
